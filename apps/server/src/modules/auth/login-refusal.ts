import { recordAudit } from '../audit/audit.service';
import type { AuthDeps } from './auth.deps';

/** A refused login, audited as `auth.login.failure` with why (unknown account, inactive, a passkey or single sign-on required). */
export function auditLoginRefusal(
  deps: Pick<AuthDeps, 'db' | 'now'>,
  input: { userId: string | null; reason: string; ip: string | null },
): Promise<void> {
  return recordAudit(deps.db, {
    actorUserId: input.userId,
    action: 'auth.login.failure',
    targetType: 'user',
    targetId: input.userId,
    after: { reason: input.reason },
    ip: input.ip,
    at: deps.now(),
  });
}
