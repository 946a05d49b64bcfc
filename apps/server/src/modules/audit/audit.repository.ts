import type { Executor } from '../../db/executor';
import type { NewAuditLogRow } from '../../db/types';

export async function insertAuditRow(executor: Executor, row: NewAuditLogRow): Promise<void> {
  await executor.insertInto('auditLog').values(row).execute();
}

/** Many rows in few statements (a large import writes one per graft). */
export async function insertAuditRows(executor: Executor, rows: readonly NewAuditLogRow[]): Promise<void> {
  for (let start = 0; start < rows.length; start += 500) {
    await executor
      .insertInto('auditLog')
      .values(rows.slice(start, start + 500))
      .execute();
  }
}
