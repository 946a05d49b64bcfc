/* eslint-disable @typescript-eslint/no-explicit-any -- a migration must not know the app's DB type (Kysely's migrations guide) */
import type { Kysely } from 'kysely';

// Frozen in time: never imports application code. See docs/api.md, "Notifications".
//
// The notification centre: one row per user and event, written in the transaction of its cause, so
// a push missed while offline is still there at the next login. `payload` is JSON text; `read_at`
// stays null until the user marks it read. Rows older than 90 days are deleted (the audit log,
// not this table, is the record of what happened).

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('notifications')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('link', 'text')
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('read_at', 'text')
    .execute();
  // A user's list, newest first; the unread count; the retention sweep.
  await db.schema
    .createIndex('notifications_user_created_idx')
    .on('notifications')
    .columns(['user_id', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('notifications_user_read_idx')
    .on('notifications')
    .columns(['user_id', 'read_at'])
    .execute();
  await db.schema.createIndex('notifications_created_idx').on('notifications').column('created_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('notifications').execute();
}
