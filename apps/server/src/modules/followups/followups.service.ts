import { randomUUID } from 'node:crypto';
import {
  followUpDueDays,
  followUpSchedule,
  localDay,
  type FollowUp,
  type FollowUpListQuery,
  type FollowUpPage,
} from '@graftmatch/domain';
import type { Kysely } from 'kysely';
import type { Executor } from '../../db/executor';
import type { DB, NewFollowUpRow } from '../../db/types';
import { pageOf } from '../../http/paging';
import { recordAudits } from '../audit/audit.service';
import type { Principal } from '../../identity/principal';
import { followUpToWire } from './followups.mapper';
import { bankScope, physicianScope } from './followups.policy';
import * as repo from './followups.repository';

// Follow-ups after an implantation (docs/api.md "Follow-ups", docs/decisions.md "Follow-ups"): the
// schedule made in the implantation's transaction and kept in step with its corrections, and the
// lists of a clinic's and a bank's follow-ups. Recording is in followups.record.ts, marking lost in
// followups.lost.ts.

export interface FollowUpsDeps {
  db: Kysely<DB>;
  now: () => Date;
}

/** Who acts on a follow-up, for its audit rows. */
export interface FollowUpActor {
  actorUserId: string | null;
  ip: string | null;
  now: Date;
}

/** An implantation as its schedule copies it. */
export interface Implantation {
  graftId: string;
  lot: string;
  requestId: string | null;
  euteId: string;
  clinicId: string;
  patientCode: string | null;
  /** The clinic's local day of the implantation. */
  implantedOn: string;
}

/**
 * Inside the implantation's transaction: its schedule, one row per visit, each audited. A visit the
 * graft has already is left as it is (a unique index), so the schedule is made once however often
 * this runs. Answers how many follow-ups it made.
 */
export async function scheduleFollowUps(trx: Executor, implantation: Implantation, by: FollowUpActor): Promise<number> {
  const at = by.now.toISOString();
  const { lot, ...of } = implantation;
  const rows: NewFollowUpRow[] = followUpSchedule(implantation.implantedOn).map((visit) => ({
    id: randomUUID(),
    ...of,
    kind: 'scheduled',
    visit: visit.visit,
    dueOn: visit.dueOn,
    state: 'open',
    createdAt: at,
    updatedAt: at,
  }));
  const made = new Set(await repo.insertSchedule(trx, rows));
  await recordAudits(
    trx,
    rows
      .filter((row) => made.has(row.id))
      .map((row) => ({
        actorUserId: by.actorUserId,
        action: 'followup.schedule' as const,
        targetType: 'followUp' as const,
        targetId: row.id,
        after: { lot, visit: row.visit, dueOn: row.dueOn, implantedOn: row.implantedOn, patient_Code: row.patientCode },
        ip: by.ip,
        at: by.now,
      })),
  );
  return made.size;
}

/**
 * Inside the transaction of a corrected implantation (its day or patient code): every follow-up of
 * the graft takes them, and the open visits move to the new day's schedule, each change audited.
 */
export async function followCorrectedImplantation(
  trx: Executor,
  correction: { graftId: string; implantedOn?: string; patientCode?: string },
  by: FollowUpActor,
): Promise<void> {
  const at = by.now.toISOString();
  const { graftId, implantedOn, patientCode } = correction;
  const rows = await repo.followUpsOfGraft(trx, graftId);
  await repo.updateImplantation(trx, graftId, {
    ...(implantedOn === undefined ? {} : { implantedOn }),
    ...(patientCode === undefined ? {} : { patientCode }),
    updatedAt: at,
  });
  const schedule = new Map(
    implantedOn === undefined ? [] : followUpSchedule(implantedOn).map((visit) => [visit.visit, visit.dueOn]),
  );
  const audits = [];
  for (const row of rows) {
    // Open visits move with the day; a recorded, lost or ended one keeps the day it was due.
    const moved = row.state === 'open' && row.visit !== null ? schedule.get(row.visit) : undefined;
    if (moved !== undefined && moved !== row.dueOn) {
      await repo.updateFollowUp(trx, row.id, 'open', { dueOn: moved, updatedAt: at });
    }
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    if (implantedOn !== undefined && implantedOn !== row.implantedOn) {
      Object.assign(before, { implantedOn: row.implantedOn }, moved === undefined ? {} : { dueOn: row.dueOn });
      Object.assign(after, { implantedOn }, moved === undefined ? {} : { dueOn: moved });
    }
    if (patientCode !== undefined && patientCode !== row.patientCode) {
      Object.assign(before, { patient_Code: row.patientCode });
      Object.assign(after, { patient_Code: patientCode });
    }
    if (Object.keys(after).length > 0) {
      audits.push({
        actorUserId: by.actorUserId,
        action: 'followup.implantationChange' as const,
        targetType: 'followUp' as const,
        targetId: row.id,
        before,
        after,
        ip: by.ip,
        at: by.now,
      });
    }
  }
  await recordAudits(trx, audits);
}

/** Each clinic time zone's due days today: what makes an open follow-up upcoming, due or overdue. */
async function dueDaysByZone(deps: FollowUpsDeps, now: Date): Promise<repo.DueDaysByZone> {
  return (await repo.clinicTimeZones(deps.db)).map((zone) => ({ zone, ...followUpDueDays(localDay(now, zone)) }));
}

/** The follow-ups as the wire shows them, each in the state its clinic's day gives it. */
export function presentFollowUps(rows: readonly repo.FollowUpDetails[], now: Date): FollowUp[] {
  const days = new Map<string, string>();
  const today = (zone: string) => days.get(zone) ?? days.set(zone, localDay(now, zone)).get(zone)!;
  return rows.map((row) => followUpToWire(row, today(row.clinicTimeZone)));
}

async function listFollowUps(
  deps: FollowUpsDeps,
  scope: repo.FollowUpScope,
  query: FollowUpListQuery,
): Promise<FollowUpPage> {
  const now = deps.now();
  const found = await repo.listFollowUps(
    deps.db,
    scope,
    { state: query.state, lot: query.lot, zones: await dueDaysByZone(deps, now) },
    pageOf(query, 100),
  );
  return { items: presentFollowUps(found.items, now), total: found.total };
}

/** `GET /physician/followups`: the follow-ups of the caller's clinics; every clinic's for auditors. */
export function listClinicFollowUps(
  deps: FollowUpsDeps,
  principal: Principal | null,
  query: FollowUpListQuery,
): Promise<FollowUpPage> {
  return listFollowUps(deps, physicianScope(principal), query);
}

/** `GET /euteemployee/followups`: the follow-ups of the caller's banks' grafts; every bank's for auditors. */
export function listBankFollowUps(
  deps: FollowUpsDeps,
  principal: Principal | null,
  query: FollowUpListQuery,
): Promise<FollowUpPage> {
  return listFollowUps(deps, bankScope(principal), query);
}
