import type { Executor } from '../../db/executor';
import { insertRows } from '../../db/insert-rows';
import type { NotificationsTable } from '../../db/types';
import type { Page, Paged } from '../../http/paging';

// All SQL of the notification centre. Every function takes the executor; the caller owns transactions.

export type NotificationRow = NotificationsTable;

/** Rows per insert statement: SQLite allows 32,766 bound values, a row binds 7. */
const INSERT_CHUNK = 500;

export function insertNotifications(executor: Executor, rows: readonly NotificationRow[]): Promise<void> {
  return insertRows(executor, 'notifications', rows, INSERT_CHUNK);
}

/** One user's notifications, newest first, one page, with the number of all matching ones. */
export async function listNotifications(
  executor: Executor,
  userId: string,
  unreadOnly: boolean,
  page: Page,
): Promise<Paged<NotificationRow>> {
  const base = unreadOnly
    ? executor.selectFrom('notifications').where('userId', '=', userId).where('readAt', 'is', null)
    : executor.selectFrom('notifications').where('userId', '=', userId);
  const [items, count] = await Promise.all([
    base.selectAll().orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(page.limit).offset(page.offset).execute(),
    base.select((eb) => eb.fn.countAll<string | number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { items, total: Number(count.total) };
}

export async function countUnread(executor: Executor, userId: string): Promise<number> {
  const row = await executor
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<string | number>().as('unread'))
    .where('userId', '=', userId)
    .where('readAt', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.unread);
}

/** Marks the user's unread notifications among `ids` (all of them when null) read; answers how many. */
export async function markRead(
  executor: Executor,
  userId: string,
  ids: readonly string[] | null,
  at: string,
): Promise<number> {
  let query = executor
    .updateTable('notifications')
    .set({ readAt: at })
    .where('userId', '=', userId)
    .where('readAt', 'is', null);
  if (ids) {
    query = query.where('id', 'in', [...ids]);
  }
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Deletes notifications made before `before`; answers how many. */
export async function deleteOlderThan(executor: Executor, before: string): Promise<number> {
  const result = await executor.deleteFrom('notifications').where('createdAt', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Active users: whom an admin's test alert reaches. */
export async function activeUserIds(executor: Executor): Promise<string[]> {
  const rows = await executor.selectFrom('users').select('id').where('active', '=', 1).execute();
  return rows.map((row) => row.id);
}
