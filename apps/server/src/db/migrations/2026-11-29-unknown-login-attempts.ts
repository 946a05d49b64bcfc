/* eslint-disable @typescript-eslint/no-explicit-any -- a migration must not know the app's DB type (Kysely's migrations guide) */
import type { Kysely } from 'kysely';

// Frozen in time: never imports application code. See docs/decisions.md, "Authentication".
//
// Failed logins of addresses with no account, counted like a real account's, so that the refusal
// does not tell who has an account. In the database rather than in each process's memory, so that
// instances behind a load balancer count one address once. The key is a keyed hash of the
// address: the table never holds the addresses people mistyped.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('unknown_login_attempts')
    .addColumn('address_key', 'text', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('locked_until', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('unknown_login_attempts_updated_idx')
    .on('unknown_login_attempts')
    .column('updated_at')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('unknown_login_attempts').execute();
}
