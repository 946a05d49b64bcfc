/* eslint-disable @typescript-eslint/no-explicit-any -- a migration must not know the app's DB type (Kysely's migrations guide) */
import { sql, type Kysely } from 'kysely';

// Frozen in time: never imports application code. See docs/operations.md, "Files folder".
//
// One row naming the files folder this database belongs to: the same id stands in a marker file in
// `DATA_DIR/files`, so a server started with another, empty folder is refused instead of serving
// file rows without their files.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('files_folder')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('marker', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('files_folder').execute();
}
