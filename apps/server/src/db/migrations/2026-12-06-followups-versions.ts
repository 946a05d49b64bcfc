/* eslint-disable @typescript-eslint/no-explicit-any -- a migration must not know the app's DB type (Kysely's migrations guide) */
import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Frozen in time: never imports application code. See docs/decisions.md "Outcome statistics".
//
// Every write to `followups` bumps `data_versions.graft_data`, as writes to grafts do: the bank's
// quality view is kept per data version (docs/decisions.md "Outcome statistics"), so a recorded
// follow-up, on any instance or from the command line, replaces it at once. The counter's function
// `bump_graft_data()` exists on PostgreSQL since 2026-11-23-versions-and-search-index.

const isPostgres = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql
      .raw(
        'create trigger followups_bumps_graft_data after insert or update or delete on followups for each statement execute function bump_graft_data()',
      )
      .execute(db);
    return;
  }
  for (const event of ['insert', 'update', 'delete']) {
    await sql
      .raw(
        `create trigger followups_${event}_bumps_graft_data after ${event} on followups begin update data_versions set graft_data = graft_data + 1; end`,
      )
      .execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql.raw('drop trigger if exists followups_bumps_graft_data on followups').execute(db);
    return;
  }
  for (const event of ['insert', 'update', 'delete']) {
    await sql.raw(`drop trigger if exists followups_${event}_bumps_graft_data`).execute(db);
  }
}
