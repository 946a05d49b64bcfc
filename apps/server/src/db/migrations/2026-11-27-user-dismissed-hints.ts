/* eslint-disable @typescript-eslint/no-explicit-any -- a migration must not know the app's DB type (Kysely's migrations guide) */
import type { Kysely } from 'kysely';

// Frozen in time: never imports application code. See docs/decisions.md, "A dismissed hint stays dismissed".
//
// The hints a user has dismissed (a JSON array of hint names as text), kept with the account so a
// dismissal holds on every device.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('dismissed_hints', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('dismissed_hints').execute();
}
