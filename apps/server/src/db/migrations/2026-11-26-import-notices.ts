/* eslint-disable @typescript-eslint/no-explicit-any -- a migration must not know the app's DB type (Kysely's migrations guide) */
import type { Kysely } from 'kysely';

// Frozen in time: never imports application code.
//
// An import log keeps its notices (JSON text: what the import took from the bank's record where
// the file was silent, docs/import.md), so the log answers what the import answered.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('import_logs').addColumn('notices', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('import_logs').dropColumn('notices').execute();
}
