import type { Page, Paged } from '../../http/paging';
import type { Transaction as KyselyTransaction } from 'kysely';
import type { DB, GraftRow, GraftUpdate, ImportLogRow, NewGraftRow, NewImportLogRow } from '../../db/types';
import type { Executor } from '../../db/executor';
import { insertRows } from '../../db/insert-rows';

export type { Executor };
export type Transaction = KyselyTransaction<DB>;

// All SQL of the importer. Every function takes the executor; the caller owns the transaction.

// Both engines take well over this many bound values per statement (SQLite 32766, PostgreSQL 65535).
const LOOKUP_CHUNK = 1000;
const INSERT_CHUNK = 200;

function chunks<T>(items: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += size) {
    result.push(items.slice(start, start + size));
  }
  return result;
}

/** Stored grafts of any bank with these lots. */
export async function findGraftsByLots(executor: Executor, lots: readonly string[]): Promise<Map<string, GraftRow>> {
  const found = new Map<string, GraftRow>();
  for (const part of chunks([...new Set(lots)], LOOKUP_CHUNK)) {
    const rows = await executor.selectFrom('grafts').selectAll().where('eLot', 'in', part).execute();
    rows.forEach((row) => found.set(row.eLot, row));
  }
  return found;
}

/** Of these ids, those a stored graft has. */
export async function findTakenGraftIds(executor: Executor, ids: readonly string[]): Promise<Set<string>> {
  const taken = new Set<string>();
  for (const part of chunks([...new Set(ids)], LOOKUP_CHUNK)) {
    const rows = await executor.selectFrom('grafts').select('id').where('id', 'in', part).execute();
    rows.forEach((row) => taken.add(row.id));
  }
  return taken;
}

/** One page of a bank's grafts after `afterLot`, by lot: keyset paging, so every page of an export costs the same. */
export function graftPageOfBank(
  executor: Executor,
  euteId: string,
  afterLot: string | null,
  size: number,
): Promise<GraftRow[]> {
  let query = executor.selectFrom('grafts').selectAll().where('euteId', '=', euteId);
  if (afterLot !== null) {
    query = query.where('eLot', '>', afterLot);
  }
  return query.orderBy('eLot').limit(size).execute();
}

export async function countGraftsOfBank(executor: Executor, euteId: string): Promise<number> {
  const row = await executor
    .selectFrom('grafts')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('euteId', '=', euteId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Every clinic by lowercase name (clinics are few; names are unique in any case). */
export async function clinicsByName(executor: Executor): Promise<Map<string, { id: string; active: boolean }>> {
  const rows = await executor.selectFrom('clinics').select(['id', 'cName', 'active']).execute();
  return new Map(rows.map((row) => [row.cName.toLowerCase(), { id: row.id, active: row.active === 1 }]));
}

export function insertGrafts(executor: Executor, rows: readonly NewGraftRow[]): Promise<void> {
  return insertRows(executor, 'grafts', rows, INSERT_CHUNK);
}

/**
 * Writes changed grafts many a statement: rows that change the same columns go together as an
 * insert of the whole row that, its id being taken, updates just those columns (an upsert, the
 * same SQL on SQLite and PostgreSQL). Columns a row does not change are never written, so a
 * concurrent change to them survives as it would an UPDATE of the changed columns alone.
 */
export async function updateGrafts(
  executor: Executor,
  updates: readonly { row: GraftRow; changes: GraftUpdate }[],
): Promise<void> {
  const byColumns = new Map<string, { columns: (keyof GraftRow)[]; rows: GraftRow[] }>();
  for (const { row, changes } of updates) {
    const columns = (Object.keys(changes) as (keyof GraftRow)[]).filter((column) => column !== 'id').sort();
    const key = columns.join(',');
    const group = byColumns.get(key) ?? { columns, rows: [] };
    group.rows.push(row);
    byColumns.set(key, group);
  }
  for (const { columns, rows } of byColumns.values()) {
    for (const part of chunks(rows, INSERT_CHUNK)) {
      await executor
        .insertInto('grafts')
        .values(part)
        .onConflict((conflict) =>
          conflict
            .column('id')
            .doUpdateSet((eb) => Object.fromEntries(columns.map((column) => [column, eb.ref(`excluded.${column}`)]))),
        )
        .execute();
    }
  }
}

export async function insertImportLog(executor: Executor, row: NewImportLogRow): Promise<void> {
  await executor.insertInto('importLogs').values(row).execute();
}

/** Which banks' logs a reader sees: all (admins, auditors) or these. */
export type LogScope = { all: true } | { euteIds: readonly string[] };

function logsInScope(executor: Executor, scope: LogScope) {
  const base = executor.selectFrom('importLogs');
  if ('all' in scope) {
    return base;
  }
  return scope.euteIds.length > 0 ? base.where('euteId', 'in', [...scope.euteIds]) : base.where('id', '=', '');
}

/** Logs in scope, newest first, without their row errors and notices. */
export async function listImportLogs(
  executor: Executor,
  scope: LogScope,
  page: Page,
): Promise<Paged<Omit<ImportLogRow, 'errors' | 'notices'>>> {
  const base = logsInScope(executor, scope);
  const [items, count] = await Promise.all([
    base
      .select([
        'id',
        'model',
        'date',
        'importer',
        'log',
        'importType',
        'importSource',
        'euteId',
        'importerUserId',
        'strict',
        'summary',
      ])
      .orderBy('date', 'desc')
      .orderBy('id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { items, total: Number(count.total) };
}

export function findImportLog(executor: Executor, scope: LogScope, id: string): Promise<ImportLogRow | undefined> {
  return logsInScope(executor, scope).selectAll().where('id', '=', id).executeTakeFirst();
}

/** The active employees of a bank: whom an import into it concerns. */
export async function bankEmployeeIds(executor: Executor, euteId: string): Promise<string[]> {
  const rows = await executor
    .selectFrom('users')
    .innerJoin('euteMembers', 'euteMembers.userId', 'users.id')
    .select('users.id')
    .where('euteMembers.euteId', '=', euteId)
    .where('users.active', '=', 1)
    .execute();
  return rows.map((row) => row.id);
}
