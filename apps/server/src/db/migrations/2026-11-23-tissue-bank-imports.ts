/* eslint-disable @typescript-eslint/no-explicit-any -- a migration must not know the app's DB type (Kysely's migrations guide) */
import { sql, type Kysely } from 'kysely';

// Frozen in time (see 2026-11-21-initial.ts for the storage conventions). Imports of grafts
// (docs/import.md): each import log names its bank, its summary and row errors (JSON text);
// tissue banks' API keys are stored hashed; users may switch match mails off.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('import_logs').addColumn('eute_id', 'text').execute();
  await db.schema.alterTable('import_logs').addColumn('importer_user_id', 'text').execute();
  await db.schema
    .alterTable('import_logs')
    .addColumn('strict', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('import_logs').addColumn('summary', 'text').execute();
  await db.schema.alterTable('import_logs').addColumn('errors', 'text').execute();
  await db.schema.createIndex('import_logs_eute_date_idx').on('import_logs').columns(['eute_id', 'date']).execute();

  await db.schema
    .createTable('eute_api_keys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('eute_id', 'text', (c) => c.notNull().references('eutes.id'))
    .addColumn('label', 'text', (c) => c.notNull())
    // The first characters of the key, shown in lists so a key can be recognised without being stored.
    .addColumn('key_prefix', 'text', (c) => c.notNull())
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addColumn('last_used_at', 'text')
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema.createIndex('eute_api_keys_eute_idx').on('eute_api_keys').column('eute_id').execute();

  await db.schema
    .alterTable('users')
    .addColumn('match_mails', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(1)
        .check(sql`match_mails in (0, 1)`),
    )
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('match_mails').execute();
  await db.schema.dropTable('eute_api_keys').execute();
  await db.schema.dropIndex('import_logs_eute_date_idx').execute();
  for (const column of ['errors', 'summary', 'strict', 'importer_user_id', 'eute_id']) {
    await db.schema.alterTable('import_logs').dropColumn(column).execute();
  }
}
