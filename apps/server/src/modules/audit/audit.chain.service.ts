import type { AuditChainReport } from '@graftmatch/domain';
import { requireAdmin } from '../auth/auth.policy';
import type { Principal } from '../auth/principal';
import type { AuditChainDeps } from './audit.checkpoints';
import { verifierKey } from './audit.note';
import { verifyAuditLog, type AuditVerification } from './audit.verify';

export type { AuditChainDeps } from './audit.checkpoints';

// One verification at a time per server: callers who ask while one runs get its answer, so
// repeated clicks on a large log do not multiply the work (docs/security.md).
const running = new WeakMap<AuditChainDeps, Promise<AuditVerification>>();

/** Recomputes the chain with the server's public key; admins and auditors. */
export async function verifyAuditChain(deps: AuditChainDeps, principal: Principal | null): Promise<AuditChainReport> {
  requireAdmin(principal, { write: false });
  let verification = running.get(deps);
  if (!verification) {
    verification = verifyAuditLog(deps.db, { publicKey: deps.key.publicKey }).finally(() => running.delete(deps));
    running.set(deps, verification);
  }
  return { ...(await verification), publicKey: verifierKey(deps.key.name, deps.key.publicKey) };
}
