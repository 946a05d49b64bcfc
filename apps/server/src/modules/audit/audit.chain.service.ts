import type { AuditChainReport, Language } from '@graftmatch/domain';
import { requireAdmin } from '../auth/auth.policy';
import type { Principal } from '../auth/principal';
import type { AuditChainDeps } from './audit.checkpoints';
import { verifierKey } from './audit.note';
import { verifyAuditLog, type AuditVerification } from './audit.verify';

export type { AuditChainDeps } from './audit.checkpoints';

// One verification at a time per server and language: callers who ask while one runs get its
// answer, so repeated clicks on a large log do not multiply the work (docs/security.md).
const running = new WeakMap<AuditChainDeps, Map<Language, Promise<AuditVerification>>>();

/** Recomputes the chain with the server's public key, worded in `language`; admins and auditors. */
export async function verifyAuditChain(
  deps: AuditChainDeps,
  principal: Principal | null,
  language: Language,
): Promise<AuditChainReport> {
  requireAdmin(principal, { write: false });
  const runs = running.get(deps) ?? new Map<Language, Promise<AuditVerification>>();
  running.set(deps, runs);
  let verification = runs.get(language);
  if (!verification) {
    verification = verifyAuditLog(deps.db, { publicKey: deps.key.publicKey, language }).finally(() =>
      runs.delete(language),
    );
    runs.set(language, verification);
  }
  return { ...(await verification), publicKey: verifierKey(deps.key.name, deps.key.publicKey) };
}
