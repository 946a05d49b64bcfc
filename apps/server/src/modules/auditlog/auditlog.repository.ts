import type { Executor } from '../../db/executor';
import type { AuditLogRow } from '../../db/types';
import type { Page, Paged } from '../../http/paging';

// Reading the audit log (the auth module writes it). Every function takes the executor.

export interface AuditLogFilter {
  actorId?: string;
  action?: string;
  /** Any of these stored spellings of one target type. */
  targetTypes?: readonly string[];
  targetId?: string;
  /** Inclusive lower bound, ISO 8601 UTC text (fixed width, so text order is time order). */
  from?: string;
  /** Exclusive upper bound. */
  until?: string;
}

/** Newest first, one page, with the number of all matching rows; the indexes on at, actor, action, target serve the filters. */
export async function listAuditRows(
  executor: Executor,
  filter: AuditLogFilter,
  page: Page,
): Promise<Paged<AuditLogRow>> {
  let base = executor.selectFrom('auditLog');
  if (filter.actorId !== undefined) {
    base = base.where('actorUserId', '=', filter.actorId);
  }
  if (filter.action !== undefined) {
    base = base.where('action', '=', filter.action);
  }
  if (filter.targetTypes !== undefined) {
    base = base.where('targetType', 'in', filter.targetTypes);
  }
  if (filter.targetId !== undefined) {
    base = base.where('targetId', '=', filter.targetId);
  }
  if (filter.from !== undefined) {
    base = base.where('at', '>=', filter.from);
  }
  if (filter.until !== undefined) {
    base = base.where('at', '<', filter.until);
  }
  const [items, count] = await Promise.all([
    base.selectAll().orderBy('at', 'desc').orderBy('id', 'desc').limit(page.limit).offset(page.offset).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { items, total: Number(count.total) };
}
