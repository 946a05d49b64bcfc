import { ListStatus, type RequestState } from '@graftmatch/domain';
import { sql, type ExpressionBuilder } from 'kysely';
import type { Executor } from '../../db/executor';
import type { DB, WaitingListEntryRow } from '../../db/types';
import { RESERVING_STATES, fitsSizes, inListStatus, inStock, ofActiveEute } from '../../queries/grafts';
import { lockedAt, neverSignedIn } from '../../queries/users';
import { isOpenEntry } from '../../queries/waiting-list';

// All SQL of the homes (docs/decisions.md "Dashboards"). Reads only; the rules of list status,
// stock state and open entries come from queries/, so a counter and its list count the same rows.

const nonEmpty = (ids: readonly string[]) => (ids.length > 0 ? [...ids] : ['-']);

/** Whose requests: one physician's in their clinics, some banks', or all (auditors). */
export type DashboardRequestScope =
  { requesterUserId: string; clinicIds: string[] } | { euteIds: string[] } | { all: true };

/** Requests in these states within the scope, with lot and clinic; oldest first. */
export function requestsIn(executor: Executor, scope: DashboardRequestScope, states: readonly RequestState[]) {
  let query = executor
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
    .where('graftRequests.state', 'in', [...states]);
  if ('requesterUserId' in scope) {
    query = query
      .where('graftRequests.requesterUserId', '=', scope.requesterUserId)
      .where('graftRequests.clinicId', 'in', nonEmpty(scope.clinicIds));
  } else if ('euteIds' in scope) {
    query = query.where('graftRequests.euteId', 'in', nonEmpty(scope.euteIds));
  }
  return query.orderBy('graftRequests.createdAt').orderBy('graftRequests.id').execute();
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

/** The banks' Free grafts on `today`, counted per type and diameter (from the Free grafts' covering index). */
export async function freeBySize(executor: Executor, scope: BankScope, today: string) {
  const rows = await executor
    .selectFrom('grafts')
    .where(inListStatus(ListStatus.Free, today))
    .where(ofBanks(scope))
    .select(['grafts.tProdName2', 'grafts.tDproximal', (eb) => eb.fn.countAll<number | string>().as('n')])
    .groupBy(['grafts.tProdName2', 'grafts.tDproximal'])
    .execute();
  return rows.map((row) => ({ type: row.tProdName2, diameter: row.tDproximal, n: Number(row.n) }));
}

/**
 * Of those, the ones held by a reservation (`heldByRequest`), counted the same way: read from the
 * few reserving requests rather than by testing every Free graft for one.
 */
export async function reservedBySize(executor: Executor, scope: BankScope, today: string) {
  const rows = await executor
    .selectFrom('graftRequests')
    .innerJoin('grafts', 'grafts.id', 'graftRequests.graftId')
    .where('graftRequests.state', 'in', RESERVING_STATES)
    .where(inListStatus(ListStatus.Free, today))
    .where(ofBanks(scope))
    .select(['grafts.tProdName2', 'grafts.tDproximal', (eb) => eb.fn.countAll<number | string>().as('n')])
    .groupBy(['grafts.tProdName2', 'grafts.tDproximal'])
    .execute();
  return rows.map((row) => ({ type: row.tProdName2, diameter: row.tDproximal, n: Number(row.n) }));
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

/** Active banks by name. */
export function activeEutes(executor: Executor) {
  return executor.selectFrom('eutes').select(['id', 'name']).where('active', '=', 1).orderBy('name').execute();
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
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The newest audit events with the actor's e-mail. */
export function latestAuditEvents(executor: Executor, limit: number) {
  return executor
    .selectFrom('auditLog')
    .leftJoin('users', 'users.id', 'auditLog.actorUserId')
    .select([
      'auditLog.id',
      'auditLog.at',
      'auditLog.action',
      'auditLog.targetType',
      'auditLog.targetId',
      'users.email as actor',
    ])
    .orderBy('auditLog.seq', 'desc')
    .limit(limit)
    .execute();
}
