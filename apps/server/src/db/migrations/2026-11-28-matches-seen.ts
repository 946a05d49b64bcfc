/* eslint-disable @typescript-eslint/no-explicit-any -- a migration must not know the app's DB type (Kysely's migrations guide) */
import type { Kysely } from 'kysely';

// Frozen in time: never imports application code. See docs/decisions.md, "Dashboards".
//
// When each physician last looked at their waiting list, so their home counts the matches new
// since then. A table of its own, not a column of `users`: a write to `users` bumps the access
// version, and every visit to the waiting list would then void the caches of every session.
// The index on grafts' `updated_at` finds the grafts changed since a physician last looked.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('matches_seen')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('seen_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('grafts_updated_at_idx').on('grafts').column('updated_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('grafts_updated_at_idx').execute();
  await db.schema.dropTable('matches_seen').execute();
}
