/* eslint-disable @typescript-eslint/no-explicit-any -- a migration must not know the app's DB type (Kysely's migrations guide) */
import type { Kysely } from 'kysely';

// `GET /file/getfile/{type}/{name}` names a file by kind and name alone (spec §7), so a name is
// unique within its kind across all grafts; images are fetched by processed lot (x_lot).

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('graft_files_kind_name_unique')
    .on('graft_files')
    .columns(['kind', 'name'])
    .unique()
    .execute();
  await db.schema.createIndex('grafts_x_lot_idx').on('grafts').column('x_lot').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('grafts_x_lot_idx').execute();
  await db.schema.dropIndex('graft_files_kind_name_unique').execute();
}
