import { ListStatus, type FreeGraftSizes } from '@graftmatch/domain';
import type { Database } from '../../db/database';
import type { Executor } from '../../db/executor';
import { param, prepare } from '../../db/prepared';
import type { GraftRow, NewWaitingListEntryRow, WaitingListEntryRow } from '../../db/types';
import type { Page, Paged } from '../../http/paging';
import { FREE_GRAFT_SIZE_COLUMNS, inListStatus, ofActiveEute, toFreeGraftSizes } from '../../queries/grafts';
import { ENTRY_CRITERIA_COLUMNS, isOpenEntry, isWantedEntry } from '../../queries/waiting-list';

// All SQL of the waiting list. Every function takes the executor; the caller owns transactions.

/** Whose open entries a list covers: one physician's (in their active clinics), or every active clinic's. */
export type EntryScope = { ownerUserId: string; clinicIds: string[] } | { activeClinics: true };

export type EntryRow = WaitingListEntryRow & { cName: string };
export type EntryWithFits = EntryRow & { matchingGrafts: number };
export type EntryCriteriaRow = Pick<
  WaitingListEntryRow,
  'queryType' | 'queryDMin' | 'queryDMax' | 'queryLMin' | 'queryLLMin' | 'queryLRMin' | 'queryIMin'
>;

function openEntries(executor: Executor, scope: EntryScope) {
  let query = executor
    .selectFrom('waitingListEntries')
    .innerJoin('clinics', 'clinics.id', 'waitingListEntries.clinicId')
    .where(isOpenEntry);
  if ('ownerUserId' in scope) {
    query = query
      .where('waitingListEntries.ownerUserId', '=', scope.ownerUserId)
      .where('waitingListEntries.clinicId', 'in', scope.clinicIds.length > 0 ? scope.clinicIds : ['-']);
  } else {
    query = query.where('clinics.active', '=', 1);
  }
  return query;
}

/** Open entries in the scope, sorted by implant window (start, end, then when asked). */
function sortedOpenEntries(executor: Executor, scope: EntryScope) {
  return openEntries(executor, scope)
    .selectAll('waitingListEntries')
    .select('clinics.cName')
    .orderBy('waitingListEntries.queryIMin')
    .orderBy('waitingListEntries.queryIMax')
    .orderBy('waitingListEntries.queryTimestamp')
    .orderBy('waitingListEntries.id');
}

/** A page of the open entries in the scope, sorted by implant window. */
export async function listOpenEntries(executor: Executor, scope: EntryScope, page: Page): Promise<Paged<EntryRow>> {
  const [items, count] = await Promise.all([
    sortedOpenEntries(executor, scope).limit(page.limit).offset(page.offset).execute(),
    openEntries(executor, scope)
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { items, total: Number(count.total) };
}

/** Every open entry in the scope, sorted by implant window: for filters counted in memory. */
export function allOpenEntries(executor: Executor, scope: EntryScope): Promise<EntryRow[]> {
  return sortedOpenEntries(executor, scope).execute();
}

/** The longest lead time of an active bank: how far ahead an entry with nothing fitting is at risk. */
export async function longestLeadTime(executor: Executor): Promise<number | null> {
  const row = await executor
    .selectFrom('eutes')
    .select((eb) => eb.fn.max('leadTimeDays').as('days'))
    .where('active', '=', 1)
    .executeTakeFirst();
  return row?.days === null || row?.days === undefined ? null : Number(row.days);
}

/**
 * The sizes of every Free graft of an active bank on `today`, read from the covering index
 * grafts_free_search_idx as one prepared statement: what the fit counts of lists are made from.
 */
export function createFreeGraftSizesQuery(database: Database): (today: string) => Promise<FreeGraftSizes[]> {
  const { db } = database;
  const query = prepare<
    { today: string },
    Pick<GraftRow, 'tProdName2' | 'tDproximal' | 'tLmax' | 'tLleft' | 'tLright' | 'expiryDate'>
  >(
    database,
    db
      .selectFrom('grafts')
      .select([...FREE_GRAFT_SIZE_COLUMNS])
      .where(inListStatus(ListStatus.Free, param<string>('today')))
      .where(ofActiveEute),
  );
  return async (today) => (await query({ today })).map(toFreeGraftSizes);
}

/**
 * The criteria of every open entry of an active clinic, as one prepared statement: what the
 * bank's stock counts each Free graft's fitting entries from.
 */
export function createOpenEntryCriteriaQuery(database: Database): () => Promise<EntryCriteriaRow[]> {
  const query = prepare<Record<string, never>, EntryCriteriaRow>(
    database,
    openEntries(database.db, { activeClinics: true }).select([...ENTRY_CRITERIA_COLUMNS]),
  );
  return () => query({});
}

/** One open entry with its clinic name; undefined when unknown or removed. */
export function findOpenEntry(executor: Executor, id: string): Promise<EntryRow | undefined> {
  return executor
    .selectFrom('waitingListEntries')
    .innerJoin('clinics', 'clinics.id', 'waitingListEntries.clinicId')
    .selectAll('waitingListEntries')
    .select('clinics.cName')
    .where('waitingListEntries.id', '=', id)
    .where(isOpenEntry)
    .executeTakeFirst();
}

/** The entries still looking for a graft on `today`, with their owners' mail settings: for matching freed grafts. */
export function openWaitingListEntries(executor: Executor, today: string) {
  return executor
    .selectFrom('waitingListEntries')
    .innerJoin('clinics', 'clinics.id', 'waitingListEntries.clinicId')
    .innerJoin('users', 'users.id', 'waitingListEntries.ownerUserId')
    .select([
      'waitingListEntries.id',
      'waitingListEntries.ownerUserId',
      ...ENTRY_CRITERIA_COLUMNS,
      'waitingListEntries.queryIMax',
      'waitingListEntries.patientCode',
      'users.email',
      'users.language',
      'users.matchMails',
      'users.active as userActive',
    ])
    .where(isWantedEntry(today))
    .execute();
}

export async function insertEntry(executor: Executor, row: NewWaitingListEntryRow): Promise<void> {
  await executor.insertInto('waitingListEntries').values(row).execute();
}

export type EntryChanges = Partial<
  Pick<
    WaitingListEntryRow,
    | 'queryType'
    | 'queryDMin'
    | 'queryDMax'
    | 'queryLMin'
    | 'queryLLMin'
    | 'queryLRMin'
    | 'physicianName'
    | 'physicianEmail'
    | 'physicianPhone'
    | 'patientCode'
    | 'queryIMin'
    | 'queryIMax'
  >
>;

export async function updateEntry(
  executor: Executor,
  id: string,
  changes: EntryChanges,
  updatedAt: string,
): Promise<void> {
  await executor
    .updateTable('waitingListEntries')
    .set({ ...changes, updatedAt })
    .where('id', '=', id)
    .execute();
}

/** Removing closes the entry; the row stays for the audit trail. */
export async function closeEntry(executor: Executor, id: string, closedAt: string): Promise<void> {
  await executor
    .updateTable('waitingListEntries')
    .set({ closedAt, closedAs: 'removed', updatedAt: closedAt })
    .where('id', '=', id)
    .execute();
}

/**
 * Closes the entry a graft was implanted for, in the implantation's transaction, if still open (a
 * removed entry stays removed): it leaves every list of open and wanted entries.
 */
export async function closeEntryAsImplanted(
  executor: Executor,
  entryId: string,
  graftId: string,
  at: string,
): Promise<boolean> {
  const result = await executor
    .updateTable('waitingListEntries')
    .set({ closedAt: at, closedAs: 'implanted', implantedGraftId: graftId, updatedAt: at })
    .where('id', '=', entryId)
    .where(isOpenEntry)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The caller's contact details, the defaults of a new entry's physician fields. */
export function findUserContact(executor: Executor, userId: string) {
  return executor
    .selectFrom('users')
    .select(['title', 'firstName', 'lastName', 'email', 'phone'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/** Names of these tissue banks, by name; for the PDF's header. */
export async function euteNames(executor: Executor, euteIds: readonly string[]): Promise<string[]> {
  if (euteIds.length === 0) {
    return [];
  }
  const rows = await executor
    .selectFrom('eutes')
    .select('name')
    .where('id', 'in', [...euteIds])
    .orderBy('name')
    .execute();
  return rows.map((row) => row.name);
}
