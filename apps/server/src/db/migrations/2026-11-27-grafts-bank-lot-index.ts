/* eslint-disable @typescript-eslint/no-explicit-any -- a migration must not know the app's DB type (Kysely's migrations guide) */
import type { Kysely } from 'kysely';

// The FHIR export reads a bank's grafts page by page in lot order (keyset paging); without this
// index each page sorted the bank's remaining grafts again (docs/performance.md "FHIR export").

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('grafts_eute_lot_idx').on('grafts').columns(['eute_id', 'e_lot']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('grafts_eute_lot_idx').execute();
}
