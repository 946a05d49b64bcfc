/* eslint-disable @typescript-eslint/no-explicit-any -- a migration must not know the app's DB type (Kysely's migrations guide) */
import type { Kysely } from 'kysely';

// Frozen in time: never imports application code.
//
// Clinical days in the place they happen (docs/decisions.md "Time zones"): every clinic and bank has
// an IANA time zone, existing ones and new ones Europe/Berlin until an admin sets another. A request
// keeps the zone each of its step dates was judged in (implantation: the clinic's; assignment and
// delivery: the bank's); empty for dates recorded before, which were judged by the UTC day.

const DEFAULT_ZONE = 'Europe/Berlin';
const STEP_ZONES = ['implanted_time_zone', 'assigned_time_zone', 'delivered_time_zone'];

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ['clinics', 'eutes']) {
    await db.schema
      .alterTable(table)
      .addColumn('time_zone', 'text', (c) => c.notNull().defaultTo(DEFAULT_ZONE))
      .execute();
  }
  for (const column of STEP_ZONES) {
    await db.schema.alterTable('graft_requests').addColumn(column, 'text').execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of [...STEP_ZONES].reverse()) {
    await db.schema.alterTable('graft_requests').dropColumn(column).execute();
  }
  for (const table of ['eutes', 'clinics']) {
    await db.schema.alterTable(table).dropColumn('time_zone').execute();
  }
}
