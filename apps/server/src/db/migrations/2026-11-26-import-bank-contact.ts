/* eslint-disable @typescript-eslint/no-explicit-any -- a migration must not know the app's DB type (Kysely's migrations guide) */
import { sql, type Kysely } from 'kysely';

// Frozen in time: never imports application code.
//
// A graft's bank name is its bank's record name, and an empty contact is the bank's address
// (docs/import.md "Bank name and contact"): grafts imported before carry whatever their file said,
// or nothing, and cannot be requested by mail. An import log keeps its notices (JSON text).

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('import_logs').addColumn('notices', 'text').execute();
  const bank = (column: string) => sql.raw(`(select eutes.${column} from eutes where eutes.id = grafts.eute_id)`);
  await sql`update grafts set e_name = ${bank('name')} where e_name is null or e_name <> ${bank('name')}`.execute(db);
  await sql`update grafts set e_email = ${bank('email')} where e_email is null or e_email = ''`.execute(db);
}

/** The names and contacts taken from the records stay: the file's earlier text is not kept. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('import_logs').dropColumn('notices').execute();
}
