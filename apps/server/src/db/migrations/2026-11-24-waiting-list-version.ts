/* eslint-disable @typescript-eslint/no-explicit-any -- a migration must not know the app's DB type (Kysely's migrations guide) */
import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Frozen in time: never imports application code. See docs/performance.md.
//
// Waiting-list entries get a counter of their own in `data_versions` (`waiting_list`) instead of
// bumping `graft_data`: a search or a graft's details never read the waiting list, so adding or
// changing an entry must not empty their cached answers. Waiting lists depend on both counters.

const EVENTS = ['insert', 'update', 'delete'];

function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

async function bumpFromEntries(db: Kysely<any>, counter: string) {
  if (isPostgres(db)) {
    await sql
      .raw(
        `create trigger waiting_list_entries_bumps_${counter} after insert or update or delete on waiting_list_entries for each statement execute function bump_${counter}()`,
      )
      .execute(db);
    return;
  }
  for (const event of EVENTS) {
    await sql
      .raw(
        `create trigger waiting_list_entries_${event}_bumps_${counter} after ${event} on waiting_list_entries begin update data_versions set ${counter} = ${counter} + 1; end`,
      )
      .execute(db);
  }
}

async function dropBumpsFromEntries(db: Kysely<any>, counter: string) {
  if (isPostgres(db)) {
    await sql.raw(`drop trigger if exists waiting_list_entries_bumps_${counter} on waiting_list_entries`).execute(db);
    return;
  }
  for (const event of EVENTS) {
    await sql.raw(`drop trigger if exists waiting_list_entries_${event}_bumps_${counter}`).execute(db);
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('data_versions')
    .addColumn('waiting_list', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  if (isPostgres(db)) {
    await sql
      .raw(
        'create function bump_waiting_list() returns trigger language plpgsql as $$ begin update data_versions set waiting_list = waiting_list + 1; return null; end $$',
      )
      .execute(db);
  }
  await dropBumpsFromEntries(db, 'graft_data');
  await bumpFromEntries(db, 'waiting_list');
}

export async function down(db: Kysely<any>): Promise<void> {
  await dropBumpsFromEntries(db, 'waiting_list');
  await bumpFromEntries(db, 'graft_data');
  if (isPostgres(db)) {
    await sql.raw('drop function if exists bump_waiting_list()').execute(db);
  }
  await db.schema.alterTable('data_versions').dropColumn('waiting_list').execute();
}
