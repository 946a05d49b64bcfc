import { followUpOpensOn, localDay, type FollowUp } from '@graftmatch/domain';
import { conflict } from '../../http/problem';
import type { Actor } from '../../identity/actor';
import { recordAudit } from '../audit/audit.service';
import { requireOwnFollowUp, requireRecorder } from './followups.policy';
import { presentFollowUps, type FollowUpsDeps } from './followups.service';
import * as repo from './followups.repository';

// Lost to follow-up (docs/api.md "Follow-ups"): a due or overdue follow-up the clinic cannot
// obtain, marked with the reason, so it leaves the lists of what is due. Audited in its transaction.

/** `POST /physician/followups/{id}/lost`: marks an open follow-up of the caller's clinic lost, once it is due. */
export async function markFollowUpLost(
  deps: FollowUpsDeps,
  actor: Actor,
  id: string,
  reason: string,
): Promise<FollowUp> {
  const caller = requireRecorder(actor.principal);
  const row = requireOwnFollowUp(caller, await repo.findFollowUp(deps.db, id));
  const now = deps.now();
  switch (row.state) {
    case 'done':
      throw conflict({ key: 'problem.followups.lostRecorded' });
    case 'lost':
      throw conflict({ key: 'problem.followups.alreadyLost' });
    case 'ended':
      throw conflict({ key: 'problem.followups.ended' });
    case 'open': {
      const opensOn = followUpOpensOn(row.dueOn!);
      if (localDay(now, row.clinicTimeZone) < opensOn) {
        throw conflict({ key: 'problem.followups.lostNotYet', params: { opensOn } });
      }
    }
  }
  const at = now.toISOString();
  const lostReason = reason.trim();
  await deps.db.transaction().execute(async (trx) => {
    const marked = await repo.updateFollowUp(trx, id, 'open', {
      state: 'lost',
      lostReason,
      recordedAt: at,
      recordedBy: caller.userId,
      updatedAt: at,
    });
    if (!marked) {
      throw conflict({ key: 'problem.followups.changedMeanwhile' });
    }
    await recordAudit(trx, {
      actorUserId: caller.userId,
      action: 'followup.lost',
      targetType: 'followUp',
      targetId: id,
      before: { state: 'open' },
      after: { lot: row.eLot, visit: row.visit, state: 'lost', lostReason },
      ip: actor.ip,
      at: now,
    });
  });
  return presentFollowUps([(await repo.findFollowUp(deps.db, id))!], now)[0]!;
}
