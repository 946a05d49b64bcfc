import { ListStatus, PROCESS_STEP_NAMES, StepStatus, type RequestState } from '@graftmatch/domain';
import { sql, type ExpressionBuilder, type SelectQueryBuilder } from 'kysely';
import { nonEmpty } from '../../db/dialect';
import type { Executor } from '../../db/executor';
import type { DB, WaitingListEntryRow } from '../../db/types';
import {
  FREE_GRAFT_SIZE_COLUMNS,
  RESERVING_STATES,
  fitsSizes,
  inListStatus,
  inStock,
  ofActiveEute,
  toFreeGraftSizes,
} from '../../queries/grafts';
import { auditRowsWithActor } from '../../queries/audit-log';
import { subscriptionsInError } from '../../queries/fhir-subscriptions';
import { inRequestScope, type RequestScope } from '../../queries/requests';
import { lockedAt, neverSignedIn } from '../../queries/users';
import { nextDeadlineSql, openReportsOfBanks } from '../../queries/vigilance';
import { isOpenEntry } from '../../queries/waiting-list';
import { CHANNEL_KINDS } from '../../mail/mailer';

// All SQL of the homes (docs/decisions.md "Dashboards"). Reads only; the rules of list status,
// stock state and open entries come from queries/, so a counter and its list count the same rows.

/** Requests in these states within the scope, with lot and clinic; oldest first. */
export function requestsIn(executor: Executor, scope: RequestScope, states: readonly RequestState[]) {
  return executor
    .selectFrom('graftRequests')
    .innerJoin('grafts', 'grafts.id', 'graftRequests.graftId')
    .innerJoin('clinics', 'clinics.id', 'graftRequests.clinicId')
    .select([
      'graftRequests.id',
      'graftRequests.state',
      'graftRequests.patientCode',
      'graftRequests.createdAt',
      'graftRequests.deadline',
      'grafts.eLot',
      'clinics.cName',
    ])
    .where('graftRequests.state', 'in', [...states])
    .where(inRequestScope(scope))
    .orderBy('graftRequests.createdAt')
    .orderBy('graftRequests.id')
    .execute();
}

export type RequestItemRow = Awaited<ReturnType<typeof requestsIn>>[number];

/**
 * The first lots of the Free grafts of active banks that fit an entry on `today` (the rule of the
 * waiting list's fit counts), closest diameter to the range's middle first.
 */
export async function fittingLots(
  executor: Executor,
  entry: Pick<
    WaitingListEntryRow,
    'queryType' | 'queryDMin' | 'queryDMax' | 'queryLMin' | 'queryLLMin' | 'queryLRMin' | 'queryIMin'
  >,
  today: string,
  limit: number,
) {
  const rows = await executor
    .selectFrom('grafts')
    .where(inListStatus(ListStatus.Free, today))
    .where(ofActiveEute)
    .where('grafts.tProdName2', '=', entry.queryType)
    .where(
      fitsSizes({
        query_d_min: entry.queryDMin,
        query_d_max: entry.queryDMax,
        query_l_min: entry.queryLMin,
        query_l_l_min: entry.queryLLMin,
        query_l_r_min: entry.queryLRMin,
      }),
    )
    .where((eb) => eb.or([eb('grafts.expiryDate', 'is', null), eb('grafts.expiryDate', '>=', entry.queryIMin)]))
    .select('grafts.eLot')
    .orderBy(sql`abs(${sql.ref('grafts.tDproximal')} - ${(entry.queryDMin + entry.queryDMax) / 2})`)
    .orderBy('grafts.eLot')
    .limit(limit)
    .execute();
  return rows.map((row) => row.eLot);
}

/** Some banks, or all (auditors). */
export type BankScope = { euteIds: string[] } | { all: true };

/** The grafts of the banks in scope. */
const ofBanks = (scope: BankScope) => (eb: ExpressionBuilder<DB, 'grafts'>) =>
  'euteIds' in scope ? eb('grafts.euteId', 'in', nonEmpty(scope.euteIds)) : eb.lit(true);

/** The banks' stock on `today` expiring by each horizon, and the first grafts to expire. */
export async function expiringStock(
  executor: Executor,
  scope: BankScope,
  today: string,
  horizons: readonly [string, string, string],
  limit: number,
) {
  const base = executor
    .selectFrom('grafts')
    .where(inStock(today))
    .where(ofBanks(scope))
    .where('grafts.expiryDate', '<=', horizons[2]);
  const within = (date: string) =>
    sql<number | string>`sum(case when ${sql.ref('grafts.expiryDate')} <= ${date} then 1 else 0 end)`;
  const [items, counts] = await Promise.all([
    base
      .select(['grafts.eLot', 'grafts.tProdName2', 'grafts.tDproximal', 'grafts.expiryDate'])
      .orderBy('grafts.expiryDate')
      .orderBy('grafts.eLot')
      .limit(limit)
      .execute(),
    base
      .select([within(horizons[0]).as('a'), within(horizons[1]).as('b'), within(horizons[2]).as('c')])
      .executeTakeFirstOrThrow(),
  ]);
  return { items, counts: [Number(counts.a ?? 0), Number(counts.b ?? 0), Number(counts.c ?? 0)] as const };
}

/** Of the grafts `from` reads, the banks' Free ones on `today`, counted per type and diameter. */
async function freeCountedBySize(from: SelectQueryBuilder<DB, 'grafts', object>, scope: BankScope, today: string) {
  const rows = await from
    .where(inListStatus(ListStatus.Free, today))
    .where(ofBanks(scope))
    .select(['grafts.tProdName2', 'grafts.tDproximal', (eb) => eb.fn.countAll<number | string>().as('n')])
    .groupBy(['grafts.tProdName2', 'grafts.tDproximal'])
    .execute();
  return rows.map((row) => ({ type: row.tProdName2, diameter: row.tDproximal, n: Number(row.n) }));
}

/** The banks' Free grafts on `today`, counted per type and diameter (from the Free grafts' covering index). */
export function freeBySize(executor: Executor, scope: BankScope, today: string) {
  return freeCountedBySize(executor.selectFrom('grafts'), scope, today);
}

/**
 * Of those, the ones held by a reservation (`heldByRequest`), counted the same way: read from the
 * few reserving requests rather than by testing every Free graft for one.
 */
export function reservedBySize(executor: Executor, scope: BankScope, today: string) {
  const reserving = executor
    .selectFrom('graftRequests')
    .innerJoin('grafts', 'grafts.id', 'graftRequests.graftId')
    .where('graftRequests.state', 'in', RESERVING_STATES);
  return freeCountedBySize(reserving, scope, today);
}

/** Open entries of active clinics (the banks' demand list), counted per type and diameter range. */
export async function openDemandBySize(executor: Executor) {
  const rows = await executor
    .selectFrom('waitingListEntries')
    .innerJoin('clinics', 'clinics.id', 'waitingListEntries.clinicId')
    .where(isOpenEntry)
    .where('clinics.active', '=', 1)
    .select([
      'waitingListEntries.queryType',
      'waitingListEntries.queryDMin',
      'waitingListEntries.queryDMax',
      (eb) => eb.fn.countAll<number | string>().as('n'),
    ])
    .groupBy(['waitingListEntries.queryType', 'waitingListEntries.queryDMin', 'waitingListEntries.queryDMax'])
    .execute();
  return rows.map((row) => ({ type: row.queryType, min: row.queryDMin, max: row.queryDMax, n: Number(row.n) }));
}

/** The latest import log of the banks in scope. */
export function latestImport(executor: Executor, scope: BankScope) {
  let query = executor.selectFrom('importLogs').select(['id', 'date', 'summary', 'euteId']);
  if ('euteIds' in scope) {
    query = query.where('euteId', 'in', nonEmpty(scope.euteIds));
  }
  return query.orderBy('date', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();
}

/** Active banks by name, with the days without an import after which each counts as stale. */
export function activeEutes(executor: Executor) {
  return executor
    .selectFrom('eutes')
    .select(['id', 'name', 'importSilenceDays'])
    .where('active', '=', 1)
    .orderBy('name')
    .execute();
}

/** The fewest days without an import after which a bank in scope counts as stale (null: no bank). */
export async function shortestImportSilence(executor: Executor, scope: BankScope): Promise<number | null> {
  let query = executor.selectFrom('eutes').select((eb) => eb.fn.min('importSilenceDays').as('days'));
  if ('euteIds' in scope) {
    query = query.where('id', 'in', nonEmpty(scope.euteIds));
  } else {
    query = query.where('active', '=', 1);
  }
  const row = await query.executeTakeFirst();
  return row?.days === null || row?.days === undefined ? null : Number(row.days);
}

/** Active accounts locked out at `now`. */
export function lockedAccounts(executor: Executor, now: string) {
  return executor
    .selectFrom('users')
    .select(['id', 'email', 'firstName', 'lastName', 'lockedUntil as since'])
    .where(lockedAt(now))
    .orderBy('lockedUntil', 'desc')
    .orderBy('id')
    .execute();
}

/** Active accounts that never signed in. */
export function neverUsedAccounts(executor: Executor) {
  return executor
    .selectFrom('users')
    .select(['id', 'email', 'firstName', 'lastName', 'createdAt as since'])
    .where(neverSignedIn)
    .orderBy('createdAt', 'desc')
    .orderBy('id')
    .execute();
}

/** Mails the outbox gave up on. */
export async function failedMailCount(executor: Executor): Promise<number> {
  const row = await executor
    .selectFrom('mailOutbox')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('state', '=', 'failed')
    .where('kind', 'not in', CHANNEL_KINDS)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The FHIR subscriptions in error, oldest error first: how many, and the first `limit` with their
 * organisation's name (the clinic's or the bank's).
 */
export async function failingSubscriptions(executor: Executor, limit: number) {
  const rows = await subscriptionsInError(executor);
  return { count: rows.length, items: rows.slice(0, limit) };
}

/** The newest audit events with the actor's e-mail. */
export function latestAuditEvents(executor: Executor, limit: number) {
  return auditRowsWithActor(executor)
    .select('users.email as actor')
    .orderBy('auditLog.seq', 'desc')
    .limit(limit)
    .execute();
}

/** When the user last looked at their waiting list, or null if never. */
export async function matchesSeenAt(executor: Executor, userId: string): Promise<string | null> {
  const row = await executor.selectFrom('matchesSeen').select('seenAt').where('userId', '=', userId).executeTakeFirst();
  return row?.seenAt ?? null;
}

/** The user looked at their waiting list at `at`. */
export async function markMatchesSeen(executor: Executor, userId: string, at: string): Promise<void> {
  await executor
    .insertInto('matchesSeen')
    .values({ userId, seenAt: at })
    .onConflict((oc) => oc.column('userId').doUpdateSet({ seenAt: at }))
    .execute();
}

/**
 * The sizes of the Free grafts of active banks on `today` written after `since` (inserted, or
 * updated: an import touches only rows it changes), as the fit counter reads them.
 */
export async function freeGraftsChangedSince(executor: Executor, since: string, today: string) {
  const rows = await executor
    .selectFrom('grafts')
    .select([...FREE_GRAFT_SIZE_COLUMNS])
    .where('grafts.updatedAt', '>', since)
    .where(inListStatus(ListStatus.Free, today))
    .where(ofActiveEute)
    .execute();
  return rows.map(toFreeGraftSizes);
}

const dayOf = (column: string) => sql<string>`substr(${sql.ref(column)}, 1, 10)`;

/** A process step done on or before `day` (a done step without a date counts as done all along). */
const stepDoneBy = (step: string, day: string) =>
  sql<boolean>`(${sql.ref(`grafts.${step}Status`)} = ${sql.lit(StepStatus.Done)} and (${sql.ref(
    `grafts.${step}Out`,
  )} is null or ${dayOf(`grafts.${step}Out`)} <= ${day}))`;

/**
 * Free at the end of `day` by the graft's own dates (docs/decisions.md "Dashboards"): released by
 * then (the release date, else the day it was imported), not assigned, implanted, reported or
 * expired by then, and no step failed.
 */
const freeOn = (day: string) =>
  sql<boolean>`(coalesce(${dayOf('grafts.releaseOut')}, ${dayOf('grafts.createdAt')}) <= ${day}
    and not ${stepDoneBy('assignment', day)} and not ${stepDoneBy('implantation', day)}
    and not ${stepDoneBy('traceabilityReport', day)} and not ${stepDoneBy('expiry', day)}
    and (${sql.ref('grafts.expiryDate')} is null or ${sql.ref('grafts.expiryDate')} >= ${day}))`;

const countWhere = (condition: ReturnType<typeof sql<boolean>>) =>
  sql<number | string>`sum(case when ${condition} then 1 else 0 end)`;

/** The banks' free stock per graft type at the end of each day, by the grafts' dates; one scan. */
export async function freeStockOn(executor: Executor, scope: BankScope, days: readonly string[]) {
  if (days.length === 0) {
    return [];
  }
  const rows = await executor
    .selectFrom('grafts')
    .where(ofBanks(scope))
    .where('grafts.releaseStatus', '=', sql.lit(StepStatus.Done))
    .where((eb) =>
      eb.and(PROCESS_STEP_NAMES.map((step) => eb(sql.ref(`grafts.${step}Status`), '<>', sql.lit(StepStatus.Failed)))),
    )
    .where((eb) => eb.or([eb('grafts.expiryDate', 'is', null), eb('grafts.expiryDate', '>=', days[0]!)]))
    .select(['grafts.tProdName2 as type', ...days.map((day, index) => countWhere(freeOn(day)).as(`d${index}`))])
    .groupBy('grafts.tProdName2')
    .execute();
  return rows.map((row) => {
    const counts = row as unknown as Record<string, number | string | null>;
    return { type: row.type, counts: days.map((_, index) => Number(counts[`d${index}`] ?? 0)) };
  });
}

/** Open demand per graft type at the end of each day: entries of active clinics made by then and not yet closed. */
export async function openDemandOn(executor: Executor, days: readonly string[]) {
  if (days.length === 0) {
    return [];
  }
  const openOn = (day: string) =>
    sql<boolean>`(${dayOf('waitingListEntries.createdAt')} <= ${day} and (${sql.ref(
      'waitingListEntries.closedAt',
    )} is null or ${dayOf('waitingListEntries.closedAt')} > ${day}))`;
  const rows = await executor
    .selectFrom('waitingListEntries')
    .innerJoin('clinics', 'clinics.id', 'waitingListEntries.clinicId')
    .where('clinics.active', '=', 1)
    .where((eb) =>
      eb.or([eb('waitingListEntries.closedAt', 'is', null), eb('waitingListEntries.closedAt', '>', days[0]!)]),
    )
    .select([
      'waitingListEntries.queryType as type',
      ...days.map((day, index) => countWhere(openOn(day)).as(`d${index}`)),
    ])
    .groupBy('waitingListEntries.queryType')
    .execute();
  return rows.map((row) => {
    const counts = row as unknown as Record<string, number | string | null>;
    return { type: row.type, counts: days.map((_, index) => Number(counts[`d${index}`] ?? 0)) };
  });
}

/** The open vigilance reports of the banks in scope, soonest deadline first (the vigilance list's `show=open`). */
export function openVigilanceReports(executor: Executor, scope: BankScope) {
  return executor
    .selectFrom('vigilanceReports')
    .innerJoin('grafts', 'grafts.id', 'vigilanceReports.graftId')
    .select([
      'vigilanceReports.id',
      'vigilanceReports.kind',
      'vigilanceReports.reference',
      'vigilanceReports.state',
      'vigilanceReports.notificationDeadline',
      'vigilanceReports.confirmationDeadline',
      'grafts.eLot',
    ])
    .where(openReportsOfBanks(scope))
    .orderBy(nextDeadlineSql)
    .orderBy('vigilanceReports.id')
    .execute();
}
