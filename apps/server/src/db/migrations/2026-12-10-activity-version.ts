/* eslint-disable @typescript-eslint/no-explicit-any -- a migration must not know the app's DB type (Kysely's migrations guide) */
import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Frozen in time: never imports application code. See docs/performance.md "Homes".
//
// `activity_version.activity` counts writes to what the homes show besides grafts, waiting lists
// and accounts: requests, vigilance reports, import logs, when a physician last looked at their
// matches, and FHIR subscriptions. Each home is then kept as the bytes sent while its versions stay
// the same, and a write on any instance or from the command line replaces it at once.
//
// A row of its own, bumped at commit: on PostgreSQL a deferred constraint trigger runs as the
// transaction commits, after every other lock it takes, so a transaction holding this row waits for
// nothing else and no lock cycle (deadlock) can pass through it; `data_versions`' row, bumped
// mid-transaction by graft writes, is never wanted at commit. The audit log and the mail outbox
// bump nothing: nearly every transaction writes them.

const TABLES = ['graft_requests', 'vigilance_reports', 'import_logs', 'matches_seen', 'fhir_subscriptions'];
const EVENTS = ['insert', 'update', 'delete'];

const isPostgres = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('activity_version')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('activity', 'bigint', (c) => c.notNull().defaultTo(0))
    .addCheckConstraint('activity_version_one_row', sql`id = 1`)
    .execute();
  await db.insertInto('activity_version').values({ id: 1, activity: 0 }).execute();
  if (isPostgres(db)) {
    await sql
      .raw(
        'create function bump_activity() returns trigger language plpgsql as $$ begin update activity_version set activity = activity + 1 where id = 1; return null; end $$',
      )
      .execute(db);
    for (const table of TABLES) {
      await sql
        .raw(
          `create constraint trigger ${table}_bumps_activity after insert or update or delete on ${table} deferrable initially deferred for each row execute function bump_activity()`,
        )
        .execute(db);
    }
    return;
  }
  for (const table of TABLES) {
    for (const event of EVENTS) {
      await sql
        .raw(
          `create trigger ${table}_${event}_bumps_activity after ${event} on ${table} begin update activity_version set activity = activity + 1 where id = 1; end`,
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
  await db.schema.dropTable('activity_version').execute();
}
