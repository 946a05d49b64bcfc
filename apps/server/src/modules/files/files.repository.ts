import type { Insertable } from 'kysely';
import type { GraftFileKind, GraftFileRow, GraftFilesTable, GraftRow } from '../../db/types';
import type { Executor } from '../../db/executor';
import { engineOf } from '../../db/dialect';

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

/** The files of a kind with this name (unique per graft), with their graft's lot, oldest first; on one lot when named. */
export function filesNamed(
  executor: Executor,
  kind: GraftFileKind,
  name: string,
  lot: string | undefined,
): Promise<(GraftFileRow & { eLot: string })[]> {
  let query = executor
    .selectFrom('graftFiles')
    .innerJoin('grafts', 'grafts.id', 'graftFiles.graftId')
    .selectAll('graftFiles')
    .select('grafts.eLot')
    .where('graftFiles.kind', '=', kind)
    .where('graftFiles.name', '=', name);
  if (lot !== undefined) {
    query = query.where('grafts.eLot', '=', lot);
  }
  return query.orderBy('graftFiles.createdAt').orderBy('graftFiles.id').execute();
}

/** The names a graft's files of one kind already have. */
export async function namesOfGraft(executor: Executor, graftId: string, kind: GraftFileKind): Promise<Set<string>> {
  const rows = await executor
    .selectFrom('graftFiles')
    .select('name')
    .where('graftId', '=', graftId)
    .where('kind', '=', kind)
    .execute();
  return new Set(rows.map((row) => row.name));
}

/**
 * The graft row, locked until the transaction ends on PostgreSQL, so that a file's record state
 * (the graft's assignment, a newer version) cannot change between the check and the write. SQLite
 * runs one writing transaction at a time.
 */
export function lockGraft(executor: Executor, id: string): Promise<GraftRow | undefined> {
  const query = executor.selectFrom('grafts').selectAll().where('id', '=', id);
  return (engineOf(executor) === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
}

/** The version that superseded this file, if any. */
export function supersederOf(executor: Executor, id: string): Promise<GraftFileRow | undefined> {
  return executor.selectFrom('graftFiles').selectAll().where('supersedesId', '=', id).executeTakeFirst();
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
