import type { FollowUpState, FollowUpStoredState } from '@graftmatch/domain';
import { sql, type ExpressionBuilder } from 'kysely';
import { countRows } from '../../db/count-rows';
import { nonEmpty } from '../../db/dialect';
import type { Executor } from '../../db/executor';
import type { DB, FollowUpRow, FollowUpUpdate, NewFollowUpRow } from '../../db/types';
import type { Page } from '../../http/paging';

// All SQL of follow-ups (docs/api.md "Follow-ups"): the schedule of an implantation, its records,
// the lists of a clinic's or a bank's follow-ups, and the recorded ones the FHIR API reads. Every
// function takes the executor; the caller owns transactions.

/** Whose follow-ups a reader sees: some clinics', some banks', both (the FHIR API), or all. */
export type FollowUpScope =
  { all: true } | { clinicIds: string[] } | { euteIds: string[] } | { clinicIds: string[]; euteIds: string[] };

/** "Today" in each clinic's time zone, for the states an open follow-up has on it. */
export type DueDaysByZone = readonly { zone: string; dueFrom: string; dueUntil: string }[];

/** The follow-ups a scope covers: of its clinics or of its banks' grafts. */
function inScope(scope: Exclude<FollowUpScope, { all: true }>) {
  return (eb: ExpressionBuilder<DB, 'followups'>) =>
    eb.or([
      ...('clinicIds' in scope ? [eb('followups.clinicId', 'in', nonEmpty(scope.clinicIds))] : []),
      ...('euteIds' in scope ? [eb('followups.euteId', 'in', nonEmpty(scope.euteIds))] : []),
    ]);
}

function withNames(executor: Executor) {
  return executor
    .selectFrom('followups')
    .innerJoin('grafts', 'grafts.id', 'followups.graftId')
    .innerJoin('eutes', 'eutes.id', 'followups.euteId')
    .innerJoin('clinics', 'clinics.id', 'followups.clinicId')
    .leftJoin('users', 'users.id', 'followups.recordedBy')
    .selectAll('followups')
    .select([
      'grafts.eLot',
      'grafts.tProdName2',
      'eutes.name as euteName',
      'clinics.cName',
      'clinics.timeZone as clinicTimeZone',
      'users.title as recorderTitle',
      'users.firstName as recorderFirstName',
      'users.lastName as recorderLastName',
    ]);
}

export type FollowUpDetails = FollowUpRow & {
  eLot: string;
  tProdName2: number;
  euteName: string;
  cName: string;
  clinicTimeZone: string;
  recorderTitle: string | null;
  recorderFirstName: string | null;
  recorderLastName: string | null;
};

export function findFollowUp(executor: Executor, id: string): Promise<FollowUpDetails | undefined> {
  return withNames(executor).where('followups.id', '=', id).executeTakeFirst();
}

/** Inserts the schedule's rows; a visit the graft has already is left as it is. Answers the new ids. */
export async function insertSchedule(executor: Executor, rows: readonly NewFollowUpRow[]): Promise<string[]> {
  const inserted = await executor
    .insertInto('followups')
    .values([...rows])
    .onConflict((conflict) => conflict.columns(['graftId', 'visit']).doNothing())
    .returning('id')
    .execute();
  return inserted.map((row) => row.id);
}

export async function insertFollowUp(executor: Executor, row: NewFollowUpRow): Promise<void> {
  await executor.insertInto('followups').values(row).execute();
}

/** Changes the follow-up if it is still in `state`; answers whether it did. */
export async function updateFollowUp(
  executor: Executor,
  id: string,
  state: FollowUpStoredState,
  changes: FollowUpUpdate,
): Promise<boolean> {
  const result = await executor
    .updateTable('followups')
    .set(changes)
    .where('id', '=', id)
    .where('state', '=', state)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The implantation a graft's schedule follows (its first visit), by lot; undefined without a schedule. */
export function implantationByLot(executor: Executor, lot: string) {
  return executor
    .selectFrom('followups')
    .innerJoin('grafts', 'grafts.id', 'followups.graftId')
    .innerJoin('clinics', 'clinics.id', 'followups.clinicId')
    .select([
      'followups.graftId',
      'followups.requestId',
      'followups.euteId',
      'followups.clinicId',
      'followups.patientCode',
      'followups.implantedOn',
      'clinics.timeZone as clinicTimeZone',
    ])
    .where('grafts.eLot', '=', lot)
    .where('followups.kind', '=', 'scheduled')
    .orderBy('followups.dueOn')
    .executeTakeFirst();
}

/** Every follow-up of a graft, its schedule's soonest first. */
export function followUpsOfGraft(executor: Executor, graftId: string) {
  return executor
    .selectFrom('followups')
    .select(['id', 'kind', 'visit', 'dueOn', 'state', 'implantedOn', 'patientCode'])
    .where('graftId', '=', graftId)
    .orderBy('dueOn')
    .orderBy('id')
    .execute();
}

/** Follows a correction of the implantation: its day and patient code on every row of the graft. */
export async function updateImplantation(
  executor: Executor,
  graftId: string,
  changes: Pick<FollowUpUpdate, 'implantedOn' | 'patientCode' | 'updatedAt'>,
): Promise<void> {
  await executor.updateTable('followups').set(changes).where('graftId', '=', graftId).execute();
}

/** The time zones of the clinics, for the day each reads its follow-ups on. */
export async function clinicTimeZones(executor: Executor): Promise<string[]> {
  const rows = await executor.selectFrom('clinics').select('timeZone').distinct().execute();
  return rows.map((row) => row.timeZone);
}

/** The day a follow-up sorts by: its due day, else the day it records. */
const sortDay = sql<string>`coalesce(${sql.ref('followups.dueOn')}, ${sql.ref('followups.recordDate')})`;

/**
 * The follow-ups in scope, by state and lot: open ones the most urgent first, recorded, lost and
 * ended ones the newest first.
 */
export async function listFollowUps(
  executor: Executor,
  scope: FollowUpScope,
  filter: { state?: FollowUpState; lot?: string; zones: DueDaysByZone },
  page: Page,
): Promise<{ items: FollowUpDetails[]; total: number }> {
  let query = withNames(executor);
  if (!('all' in scope)) {
    query = query.where(inScope(scope));
  }
  const { state } = filter;
  if (state === 'upcoming' || state === 'due' || state === 'overdue') {
    // Open ones whose due day, in their clinic's zone, makes them `state` today.
    query = query
      .where('followups.state', '=', 'open')
      .where((eb) =>
        eb.or(
          filter.zones.map(({ zone, dueFrom, dueUntil }) =>
            eb.and([
              eb('clinics.timeZone', '=', zone),
              state === 'overdue'
                ? eb('followups.dueOn', '<', dueFrom)
                : state === 'due'
                  ? eb.and([eb('followups.dueOn', '>=', dueFrom), eb('followups.dueOn', '<=', dueUntil)])
                  : eb('followups.dueOn', '>', dueUntil),
            ]),
          ),
        ),
      );
  } else if (state) {
    query = query.where('followups.state', '=', state);
  }
  if (filter.lot) {
    query = query.where('grafts.eLot', '=', filter.lot);
  }
  const newestFirst = state === 'done' || state === 'lost' || state === 'ended';
  const [items, total] = await Promise.all([
    query
      .orderBy(sortDay, newestFirst ? 'desc' : 'asc')
      .orderBy('grafts.eLot')
      .orderBy('followups.id')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    countRows(query),
  ]);
  return { items, total };
}

/** Which recorded follow-ups (recorded or marked lost) a reader of the FHIR API asks for. */
export interface RecordedFilter {
  id?: string;
  states: readonly ('done' | 'lost')[];
  graftIds?: readonly string[];
  /** The record's day compared with each date. */
  days?: readonly { op: '=' | '<' | '<=' | '>' | '>='; date: string }[];
}

/** The recorded and lost follow-ups in scope, by lot, then day; a page of them, or all without one. */
export async function recordedFollowUps(
  executor: Executor,
  scope: FollowUpScope,
  filter: RecordedFilter,
  page: Page | null,
): Promise<{ items: FollowUpDetails[]; total: number }> {
  if (filter.states.length === 0) {
    return { items: [], total: 0 };
  }
  let query = withNames(executor).where('followups.state', 'in', [...filter.states]);
  if (!('all' in scope)) {
    query = query.where(inScope(scope));
  }
  if (filter.id !== undefined) {
    query = query.where('followups.id', '=', filter.id);
  }
  if (filter.graftIds) {
    query = query.where('followups.graftId', 'in', nonEmpty(filter.graftIds));
  }
  for (const { op, date } of filter.days ?? []) {
    query = query.where('followups.recordDate', op, date);
  }
  const ordered = query.orderBy('grafts.eLot').orderBy(sortDay).orderBy('followups.id');
  if (page === null) {
    const items = await ordered.execute();
    return { items, total: items.length };
  }
  const [items, total] = await Promise.all([
    page.limit === 0 ? [] : ordered.limit(page.limit).offset(page.offset).execute(),
    countRows(query),
  ]);
  return { items, total };
}

/**
 * The open scheduled visits of active clinics due at the latest on `dueUntil`, each with its lot, its
 * clinic's zone and the physician who requested the graft: what the follow-up reminders look at.
 */
export function openVisitsDueBy(executor: Executor, dueUntil: string) {
  return executor
    .selectFrom('followups')
    .innerJoin('grafts', 'grafts.id', 'followups.graftId')
    .innerJoin('clinics', 'clinics.id', 'followups.clinicId')
    .leftJoin('graftRequests', 'graftRequests.id', 'followups.requestId')
    .select([
      'followups.id',
      'followups.graftId',
      'followups.clinicId',
      'followups.visit',
      'followups.dueOn',
      'followups.state',
      'followups.implantedOn',
      'grafts.eLot',
      'clinics.timeZone as clinicTimeZone',
      'graftRequests.requesterUserId',
    ])
    .where('followups.state', '=', 'open')
    .where('followups.kind', '=', 'scheduled')
    .where('followups.dueOn', '<=', dueUntil)
    .where('clinics.active', '=', 1)
    .orderBy('grafts.eLot')
    .orderBy('followups.dueOn')
    .execute();
}

/** The active physicians of these clinics, with what a reminder needs of them. */
export function activePhysiciansOf(executor: Executor, clinicIds: readonly string[]) {
  return executor
    .selectFrom('clinicMembers')
    .innerJoin('users', 'users.id', 'clinicMembers.userId')
    .select(['clinicMembers.clinicId', 'users.id as userId', 'users.email', 'users.language'])
    .where('clinicMembers.clinicId', 'in', nonEmpty(clinicIds))
    .where('users.active', '=', 1)
    .orderBy('users.email')
    .execute();
}
