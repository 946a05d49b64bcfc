import type { ReleaseOrphanedQuarantinesResponse } from '@graftmatch/domain';
import type { Actor } from '../../identity/actor';
import { recordAudit } from '../audit/audit.service';
import { requireAdmin } from '../../identity/policy';
import { announceQuarantine } from './vigilance.notify';
import * as repo from './vigilance.repository';
import type { VigilanceDeps } from './vigilance.deps';

// The repair of grafts no report holds in quarantine (docs/operations.md "Grafts left in
// quarantine"): before each graft recorded the report that quarantined it, two quarantines of one
// report at once could empty the report's list, so its lift released nothing. The migration links
// every such graft to its donation's quarantine in force; the ones whose quarantine was lifted
// already are released here, by an admin, with a reason and an audit row per graft.

/** `POST /vigilance/quarantine/release-orphaned` (admins): every graft no report holds returns to search. */
export async function releaseOrphanedQuarantines(
  deps: VigilanceDeps,
  actor: Actor,
  reason: string,
): Promise<ReleaseOrphanedQuarantinesResponse> {
  const caller = requireAdmin(actor.principal, { write: true });
  const now = deps.now();
  const released = await deps.db.transaction().execute(async (trx) => {
    const grafts = await repo.orphanedQuarantines(trx);
    await repo.releaseGrafts(
      trx,
      grafts.map((graft) => graft.id),
      now.toISOString(),
    );
    for (const graft of grafts) {
      await recordAudit(trx, {
        actorUserId: caller.userId,
        action: 'vigilance.releaseOrphaned',
        targetType: 'graft',
        targetId: graft.id,
        before: { lot: graft.eLot, quarantined: true },
        after: { lot: graft.eLot, quarantined: false, reason },
        ip: actor.ip,
        at: now,
      });
    }
    return grafts;
  });
  announceQuarantine(deps.push, released);
  return { released: released.map((graft) => graft.eLot) };
}
