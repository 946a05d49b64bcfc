/* eslint-disable @typescript-eslint/no-explicit-any -- a migration must not know the app's DB type (Kysely's migrations guide) */
import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Frozen in time: never imports application code. See docs/performance.md "Homes".
//
// `data_versions.activity` counts writes to what the homes show besides grafts, waiting lists and
// accounts: requests, vigilance reports, import logs, when a physician last looked at their
// matches, and FHIR subscriptions. Each home is then kept as the bytes sent while its versions stay
// the same, and a write on any instance or from the command line replaces it at once. The audit
// log and the mail outbox bump nothing: nearly every transaction writes them, and on PostgreSQL a
// bump holds the counters' row until commit, so every audited write would wait for a long import.

const TABLES = ['graft_requests', 'vigilance_reports', 'import_logs', 'matches_seen', 'fhir_subscriptions'];
const EVENTS = ['insert', 'update', 'delete'];

const isPostgres = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('data_versions')
    .addColumn('activity', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  if (isPostgres(db)) {
    await sql
      .raw(
        'create function bump_activity() returns trigger language plpgsql as $$ begin update data_versions set activity = activity + 1; return null; end $$',
      )
      .execute(db);
    for (const table of TABLES) {
      await sql
        .raw(
          `create trigger ${table}_bumps_activity after insert or update or delete on ${table} for each statement execute function bump_activity()`,
        )
        .execute(db);
    }
    return;
  }
  for (const table of TABLES) {
    for (const event of EVENTS) {
      await sql
        .raw(
          `create trigger ${table}_${event}_bumps_activity after ${event} on ${table} begin update data_versions set activity = activity + 1; end`,
        )
        .execute(db);
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) {
    if (isPostgres(db)) {
      await sql.raw(`drop trigger if exists ${table}_bumps_activity on ${table}`).execute(db);
    } else {
      for (const event of EVENTS) {
        await sql.raw(`drop trigger if exists ${table}_${event}_bumps_activity`).execute(db);
      }
    }
  }
  if (isPostgres(db)) {
    await sql.raw('drop function if exists bump_activity()').execute(db);
  }
  await db.schema.alterTable('data_versions').dropColumn('activity').execute();
}
