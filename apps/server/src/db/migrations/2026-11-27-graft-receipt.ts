/* eslint-disable @typescript-eslint/no-explicit-any -- a migration must not know the app's DB type (Kysely's migrations guide) */
import type { Kysely } from 'kysely';

// Frozen in time: never imports application code.
//
// A delivered graft is received at the clinic when the code on its package matches
// (docs/decisions.md, "Scanning"): when and by whom. Both empty until then.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('graft_requests').addColumn('received_at', 'text').execute();
  await db.schema.alterTable('graft_requests').addColumn('received_by', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('graft_requests').dropColumn('received_by').execute();
  await db.schema.alterTable('graft_requests').dropColumn('received_at').execute();
}
