/* eslint-disable @typescript-eslint/no-explicit-any -- a migration must not know the app's DB type (Kysely's migrations guide) */
import type { Kysely } from 'kysely';

// Frozen in time: never imports application code. See docs/operations.md, "Jobs" and "Reminders".
//
// `jobs`: one row per scheduled job, so its next run survives a restart and a job overdue after a
// downtime runs at the next start; a runner claims the row until `claimed_until`, so one instance
// runs it at a time. `reminders_sent`: the dedupe key of every reminder sent, so each is sent once.
// Per bank: the days before expiry at which its grafts are reminded of, and the days without an
// import after which the admins are told (docs/decisions.md "Reminders").

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('jobs')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('next_run_at', 'text', (c) => c.notNull())
    .addColumn('last_started_at', 'text')
    .addColumn('last_finished_at', 'text')
    .addColumn('last_error', 'text')
    .addColumn('claimed_until', 'text')
    .execute();
  await db.schema
    .createTable('reminders_sent')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .alterTable('eutes')
    .addColumn('expiry_reminder_days', 'text', (c) => c.notNull().defaultTo('90,30,7'))
    .execute();
  await db.schema
    .alterTable('eutes')
    .addColumn('import_silence_days', 'integer', (c) => c.notNull().defaultTo(7))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('eutes').dropColumn('import_silence_days').execute();
  await db.schema.alterTable('eutes').dropColumn('expiry_reminder_days').execute();
  await db.schema.dropTable('reminders_sent').execute();
  await db.schema.dropTable('jobs').execute();
}
