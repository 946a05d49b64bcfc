import type { Kysely, Transaction } from 'kysely';
import type { DB, NewAuditLogRow } from '../../db/types';

/** A Kysely instance or an open transaction: the caller decides which (design.md §11). */
export type Executor = Kysely<DB> | Transaction<DB>;

export async function insertAuditRow(executor: Executor, row: NewAuditLogRow): Promise<void> {
  await executor.insertInto('auditLog').values(row).execute();
}
