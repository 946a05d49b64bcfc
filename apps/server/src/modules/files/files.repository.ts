import type { Insertable } from 'kysely';
import type { GraftFileKind, GraftFileRow, GraftFilesTable, GraftRow } from '../../db/types';
import type { Executor } from '../../db/executor';

// All SQL of the files feature. Every function takes the executor; the caller owns transactions.

/** A graft by lot, in a list or still in processing (its bank may attach files before release). */
export function findGraftByLot(executor: Executor, lot: string): Promise<GraftRow | undefined> {
  return executor.selectFrom('grafts').selectAll().where('eLot', '=', lot).executeTakeFirst();
}

export function findGraftById(executor: Executor, id: string): Promise<GraftRow | undefined> {
  return executor.selectFrom('grafts').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Grafts with this processed lot (usually one). */
export function findGraftsByXLot(executor: Executor, xLot: string): Promise<GraftRow[]> {
  return executor.selectFrom('grafts').selectAll().where('xLot', '=', xLot).orderBy('eLot').execute();
}

/** A graft's files of one kind, in the order lists show them (oldest first, then name). */
export function filesOfGraft(executor: Executor, graftId: string, kind: GraftFileKind): Promise<GraftFileRow[]> {
  return executor
    .selectFrom('graftFiles')
    .selectAll()
    .where('graftId', '=', graftId)
    .where('kind', '=', kind)
    .orderBy('createdAt')
    .orderBy('name')
    .execute();
}

/** One file by kind and name (unique within a kind). */
export function findFile(executor: Executor, kind: GraftFileKind, name: string): Promise<GraftFileRow | undefined> {
  return executor
    .selectFrom('graftFiles')
    .selectAll()
    .where('kind', '=', kind)
    .where('name', '=', name)
    .executeTakeFirst();
}

/** Which of these names a kind already holds. */
export async function takenNames(
  executor: Executor,
  kind: GraftFileKind,
  names: readonly string[],
): Promise<Set<string>> {
  if (names.length === 0) {
    return new Set();
  }
  const rows = await executor
    .selectFrom('graftFiles')
    .select('name')
    .where('kind', '=', kind)
    .where('name', 'in', [...names])
    .execute();
  return new Set(rows.map((row) => row.name));
}

/** Names of a kind that start with `stem` (to find the next free `stem (n).ext`). */
export async function namesStartingWith(executor: Executor, kind: GraftFileKind, stem: string): Promise<Set<string>> {
  const rows = await executor
    .selectFrom('graftFiles')
    .select('name')
    .where('kind', '=', kind)
    .where('name', '>=', stem)
    .where('name', '<', `${stem}\uffff`)
    .execute();
  return new Set(rows.map((row) => row.name));
}

export async function insertFile(executor: Executor, row: Insertable<GraftFilesTable>): Promise<void> {
  await executor.insertInto('graftFiles').values(row).execute();
}

export async function deleteFile(executor: Executor, id: string): Promise<void> {
  await executor.deleteFrom('graftFiles').where('id', '=', id).execute();
}

/** Every storage key a file row points at (for the file sweep, the folder check and backups). */
export async function allStorageKeys(executor: Executor): Promise<Set<string>> {
  const rows = await executor.selectFrom('graftFiles').select('storageKey').execute();
  return new Set(rows.map((row) => row.storageKey));
}
