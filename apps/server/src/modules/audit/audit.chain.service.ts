import type { AuditChainReport, Language } from '@graftmatch/domain';
import { requireAdmin } from '../../identity/policy';
import type { Principal } from '../../identity/principal';
import type { AuditChainDeps } from './audit.checkpoints';
import { verifierKey } from './audit.note';
import { checkAuditChain, describeAuditChain, type AuditChainFacts } from './audit.verify';

export type { AuditChainDeps } from './audit.checkpoints';

// One verification at a time per server: callers who ask while one runs get its findings, each in
// their own language, so repeated clicks on a large log do not multiply the work (docs/security.md).
const running = new WeakMap<AuditChainDeps, Promise<AuditChainFacts>>();

/** Recomputes the chain with the server's public key, worded in `language`; admins and auditors. */
export async function verifyAuditChain(
  deps: AuditChainDeps,
  principal: Principal | null,
  language: Language,
): Promise<AuditChainReport> {
  requireAdmin(principal, { write: false });
  let run = running.get(deps);
  if (!run) {
    run = checkAuditChain(deps.db, { publicKey: deps.key.publicKey }).finally(() => running.delete(deps));
    running.set(deps, run);
  }
  return { ...describeAuditChain(await run, language), publicKey: verifierKey(deps.key.name, deps.key.publicKey) };
}
