/* eslint-disable @typescript-eslint/no-explicit-any -- a migration must not know the app's DB type (Kysely's migrations guide) */
import type { Kysely } from 'kysely';

// Frozen in time: never imports application code.
//
// One implantation closes the entry it was requested for (docs/decisions.md, "One implantation per
// patient"): an entry now says how it was closed (removed by its physician, or implanted) and with
// which graft. A request records whether its implantation fell outside the entry's window, and the
// delivery's facts: carrier, shipment reference and the bank's note. Entries closed before this
// change were removed by hand.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('waiting_list_entries').addColumn('closed_as', 'text').execute();
  await db.schema.alterTable('waiting_list_entries').addColumn('implanted_graft_id', 'text').execute();
  await db
    .updateTable('waiting_list_entries')
    .set({ closed_as: 'removed' })
    .where('closed_at', 'is not', null)
    .execute();
  await db.schema
    .alterTable('graft_requests')
    .addColumn('implanted_outside_window', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  for (const column of ['delivery_carrier', 'delivery_reference', 'delivery_note']) {
    await db.schema.alterTable('graft_requests').addColumn(column, 'text').execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ['delivery_note', 'delivery_reference', 'delivery_carrier', 'implanted_outside_window']) {
    await db.schema.alterTable('graft_requests').dropColumn(column).execute();
  }
  await db.schema.alterTable('waiting_list_entries').dropColumn('implanted_graft_id').execute();
  await db.schema.alterTable('waiting_list_entries').dropColumn('closed_as').execute();
}
