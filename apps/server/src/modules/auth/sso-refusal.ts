import { webPaths, type SsoError } from '@graftmatch/domain';
import type { RequestContext } from '../../http/request-kit';
import { recordAudit } from '../audit/audit.service';
import type { AuthDeps } from './auth.deps';
import type { Organisation } from './sso.repository';

// A sign-on that comes back refused goes to the login screen with one of the contract's codes
// (`/login?sso_error=…`, SSO_ERRORS) and leaves an audit row with the detailed reason
// (docs/api.md "Single sign-on").

/** The login screen, telling why the sign-on was refused. */
export const ssoErrorLocation = (publicUrl: string, code: SsoError) =>
  `${publicUrl}${webPaths.loginRefusedBySso(code)}`;

/** Audits `auth.sso.failure` with the reason and answers where the browser goes. */
export async function refuseSso(
  deps: Pick<AuthDeps, 'db' | 'now' | 'config'>,
  ctx: RequestContext,
  refusal: { code: SsoError; reason: string; userId?: string | null; organisation?: Organisation | null },
): Promise<string> {
  await recordAudit(deps.db, {
    actorUserId: refusal.userId ?? null,
    action: 'auth.sso.failure',
    targetType: 'user',
    targetId: refusal.userId ?? null,
    after: {
      error: refusal.code,
      reason: refusal.reason,
      ...(refusal.organisation
        ? { organisationType: refusal.organisation.type, organisationId: refusal.organisation.id }
        : {}),
    },
    ip: ctx.ip,
    at: deps.now(),
  });
  return ssoErrorLocation(deps.config.publicUrl, refusal.code);
}
