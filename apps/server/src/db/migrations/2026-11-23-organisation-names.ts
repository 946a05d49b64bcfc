/* eslint-disable @typescript-eslint/no-explicit-any -- a migration must not know the app's DB type (Kysely's migrations guide) */
import { sql, type Kysely } from 'kysely';

// Clinic and tissue-bank names are unique regardless of letter case: "Klinikum Nord" and
// "klinikum nord" are one organisation. lower() exists on both engines (SQLite folds ASCII only).

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('clinics_c_name_lower_unique')
    .on('clinics')
    .unique()
    .expression(sql`lower(c_name)`)
    .execute();
  await db.schema
    .createIndex('eutes_name_lower_unique')
    .on('eutes')
    .unique()
    .expression(sql`lower(name)`)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('eutes_name_lower_unique').execute();
  await db.schema.dropIndex('clinics_c_name_lower_unique').execute();
}
