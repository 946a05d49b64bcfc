import { notFound } from '../../http/problem';
import { recordAudit } from '../audit/audit.service';
import { requireAdmin } from '../../identity/policy';
import type { Actor } from '../../identity/actor';
import * as repo from './organisations.repository';
import type { OrganisationsDeps } from './organisations.service';

/**
 * `PATCH /admin/eutes/{id}/leadtime`: an admin sets the days a bank needs to deliver, which the
 * requests module reads to warn of a late delivery.
 */
export async function setLeadTime(
  deps: OrganisationsDeps,
  actor: Actor,
  euteId: string,
  days: number,
): Promise<{ id: string; leadTimeDays: number }> {
  const caller = requireAdmin(actor.principal, { write: true });
  const now = deps.now();
  await deps.db.transaction().execute(async (trx) => {
    if (!(await repo.setLeadTime(trx, euteId, days, now.toISOString()))) {
      throw notFound({ key: 'problem.noBank' });
    }
    await recordAudit(trx, {
      actorUserId: caller.userId,
      action: 'eute.leadtime',
      targetType: 'eute',
      targetId: euteId,
      after: { leadTimeDays: days },
      ip: actor.ip,
      at: now,
    });
  });
  return { id: euteId, leadTimeDays: days };
}
