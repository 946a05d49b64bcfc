/* eslint-disable @typescript-eslint/no-explicit-any -- a migration must not know the app's DB type (Kysely's migrations guide) */
import type { Kysely } from 'kysely';

// Frozen in time: never imports application code.
//
// A file's name is unique per graft and kind (the initial migration's `graft_files_graft_kind_name_unique`),
// no longer across all grafts: a name taken by another bank's graft must neither be refused nor
// turned into `name (2).ext`, which told the uploader that the other bank holds such a file.
// `getfile/{type}/{name}` takes `?lot=` for the caller who sees several.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('graft_files_kind_name_unique').execute();
  await db.schema.createIndex('graft_files_kind_name_idx').on('graft_files').columns(['kind', 'name']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('graft_files_kind_name_idx').execute();
  // Fails while two grafts hold a file of the same kind and name; rename one of them first.
  await db.schema
    .createIndex('graft_files_kind_name_unique')
    .on('graft_files')
    .columns(['kind', 'name'])
    .unique()
    .execute();
}
