import { randomUUID } from 'node:crypto';
import {
  completeFollowUpRecord,
  followUpEndsOn,
  followUpOpensOn,
  localDay,
  validateFollowUpRecord,
  type FollowUp,
  type FollowUpRecord,
  type RecordFollowUpRequest,
  type RecordUnscheduledFollowUpRequest,
} from '@graftmatch/domain';
import type { Executor } from '../../db/executor';
import { conflict, invalidFields } from '../../http/problem';
import type { Actor } from '../../identity/actor';
import { recordAudit, recordAudits } from '../audit/audit.service';
import { requireOwnFollowUp, requireOwnImplantation, requireRecorder } from './followups.policy';
import { presentFollowUps, type FollowUpActor, type FollowUpsDeps } from './followups.service';
import * as repo from './followups.repository';

// Recording a follow-up (docs/api.md "Follow-ups"): a scheduled one from 14 days before its due
// day, once; an unscheduled event at any time. The record passes the domain's rules between its
// fields on the clinic's day; a death or an explant ends the visits due after it. Each write is
// audited in its transaction.

const changedMeanwhile = () => conflict({ key: 'problem.followups.changedMeanwhile' });

/** Why a scheduled follow-up cannot be recorded on `today`, if it cannot. */
function refusal(row: repo.FollowUpDetails, today: string) {
  switch (row.state) {
    case 'done':
      return conflict({ key: 'problem.followups.alreadyRecorded', params: { date: row.recordDate ?? '' } });
    case 'ended':
      return conflict({ key: 'problem.followups.ended' });
    default: {
      // A lost one is recorded when the patient comes back (docs/decisions.md "Follow-ups").
      const opensOn = followUpOpensOn(row.dueOn!);
      return today < opensOn
        ? conflict({ key: 'problem.followups.notYet', params: { dueOn: row.dueOn!, opensOn } })
        : null;
    }
  }
}

/** The record checked by the domain's rules, complete; else 400 naming each field. */
function checkedRecord(
  input: RecordFollowUpRequest,
  dates: { today: string; implantedOn: string; unscheduled?: boolean },
): FollowUpRecord {
  const errors = validateFollowUpRecord(input, dates);
  if (errors.length > 0) {
    throw invalidFields('problem.followups.invalidRecord', errors);
  }
  return completeFollowUpRecord(input);
}

/** `PUT /physician/followups/{id}`: records a scheduled follow-up of the caller's clinic. */
export async function recordFollowUp(
  deps: FollowUpsDeps,
  actor: Actor,
  id: string,
  body: RecordFollowUpRequest,
): Promise<FollowUp> {
  const caller = requireRecorder(actor.principal);
  const row = requireOwnFollowUp(caller, await repo.findFollowUp(deps.db, id));
  const now = deps.now();
  const today = localDay(now, row.clinicTimeZone);
  const refused = refusal(row, today);
  if (refused) {
    throw refused;
  }
  const record = checkedRecord(body, { today, implantedOn: row.implantedOn });
  const by = { actorUserId: caller.userId, ip: actor.ip, now };
  const at = now.toISOString();
  await deps.db.transaction().execute(async (trx) => {
    const recorded = await repo.updateFollowUp(trx, id, row.state, {
      state: 'done',
      record: JSON.stringify(record),
      recordDate: record.date,
      recordedAt: at,
      recordedBy: caller.userId,
      lostReason: null,
      updatedAt: at,
    });
    if (!recorded) {
      throw changedMeanwhile();
    }
    await recordAudit(trx, {
      actorUserId: caller.userId,
      action: 'followup.record',
      targetType: 'followUp',
      targetId: id,
      before: { state: row.state, ...(row.lostReason === null ? {} : { lostReason: row.lostReason }) },
      after: { lot: row.eLot, visit: row.visit, state: 'done', record },
      ip: actor.ip,
      at: now,
    });
    await endScheduleAfter(trx, row.graftId, { id, record }, by);
  });
  return presentFollowUps([(await repo.findFollowUp(deps.db, id))!], now)[0]!;
}

/**
 * `POST /physician/followups`: an unscheduled event (a death, a reintervention, an explant) of a
 * graft implanted at the caller's clinic, recorded at once.
 */
export async function recordUnscheduledFollowUp(
  deps: FollowUpsDeps,
  actor: Actor,
  body: RecordUnscheduledFollowUpRequest,
): Promise<FollowUp> {
  const caller = requireRecorder(actor.principal);
  const { lot, ...input } = body;
  const implantation = requireOwnImplantation(caller, await repo.implantationByLot(deps.db, lot), lot);
  const now = deps.now();
  const today = localDay(now, implantation.clinicTimeZone);
  const record = checkedRecord(input, { today, implantedOn: implantation.implantedOn, unscheduled: true });
  const by = { actorUserId: caller.userId, ip: actor.ip, now };
  const at = now.toISOString();
  const id = randomUUID();
  await deps.db.transaction().execute(async (trx) => {
    const { clinicTimeZone: _zone, ...of } = implantation;
    await repo.insertFollowUp(trx, {
      id,
      ...of,
      kind: 'unscheduled',
      visit: null,
      dueOn: null,
      state: 'done',
      record: JSON.stringify(record),
      recordDate: record.date,
      recordedAt: at,
      recordedBy: caller.userId,
      createdAt: at,
      updatedAt: at,
    });
    await recordAudit(trx, {
      actorUserId: caller.userId,
      action: 'followup.unscheduled',
      targetType: 'followUp',
      targetId: id,
      after: { lot, state: 'done', record },
      ip: actor.ip,
      at: now,
    });
    await endScheduleAfter(trx, implantation.graftId, { id, record }, by);
  });
  return presentFollowUps([(await repo.findFollowUp(deps.db, id))!], now)[0]!;
}

/**
 * A recorded death or explant ends the graft's open visits due after it: nobody is asked for them
 * any more (docs/decisions.md "Follow-ups"). Each ended one is audited.
 */
async function endScheduleAfter(
  trx: Executor,
  graftId: string,
  ending: { id: string; record: FollowUpRecord },
  by: FollowUpActor,
): Promise<void> {
  const endsOn = followUpEndsOn(ending.record);
  if (endsOn === null) {
    return;
  }
  const at = by.now.toISOString();
  const ended: string[] = [];
  for (const row of await repo.followUpsOfGraft(trx, graftId)) {
    if (row.state !== 'open' || row.id === ending.id || row.dueOn === null || row.dueOn <= endsOn) {
      continue;
    }
    if (!(await repo.updateFollowUp(trx, row.id, 'open', { state: 'ended', endedBy: ending.id, updatedAt: at }))) {
      throw changedMeanwhile();
    }
    ended.push(row.id);
  }
  await recordAudits(
    trx,
    ended.map((id) => ({
      actorUserId: by.actorUserId,
      action: 'followup.end' as const,
      targetType: 'followUp' as const,
      targetId: id,
      before: { state: 'open' },
      after: { state: 'ended', endedBy: ending.id, endsOn },
      ip: by.ip,
      at: by.now,
    })),
  );
}
