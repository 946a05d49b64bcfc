/* eslint-disable @typescript-eslint/no-explicit-any -- a migration must not know the app's DB type (Kysely's migrations guide) */
import type { Kysely } from 'kysely';

// Frozen in time: never imports application code. See docs/fhir.md "System clients".
//
// A clinic's or a tissue bank's own system registered for FHIR reads without a person (SMART
// Backend Services): its public keys (a URL or an inline key set) and the scopes it may be
// granted. The `jti` of every assertion it signed, kept until the assertion's expiry so that none
// is accepted twice, on any instance (the primary key decides). Its access tokens, as hashes only.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('system_clients')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('organisation_type', 'text', (c) => c.notNull())
    .addColumn('organisation_id', 'text', (c) => c.notNull())
    .addColumn('jwks_url', 'text')
    .addColumn('jwks', 'text')
    .addColumn('scopes', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addColumn('last_used_at', 'text')
    .addColumn('revoked_at', 'text')
    .addColumn('revoked_by', 'text')
    .execute();
  await db.schema
    .createIndex('system_clients_organisation_idx')
    .on('system_clients')
    .columns(['organisation_type', 'organisation_id'])
    .execute();
  await db.schema
    .createTable('system_client_assertions')
    .addColumn('client_id', 'text', (c) => c.notNull().references('system_clients.id'))
    .addColumn('jti', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('system_client_assertions_pkey', ['client_id', 'jti'])
    .execute();
  await db.schema
    .createIndex('system_client_assertions_expires_idx')
    .on('system_client_assertions')
    .column('expires_at')
    .execute();
  await db.schema
    .createTable('system_access_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('client_id', 'text', (c) => c.notNull().references('system_clients.id'))
    .addColumn('scopes', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('system_access_tokens_expires_idx')
    .on('system_access_tokens')
    .column('expires_at')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('system_access_tokens').execute();
  await db.schema.dropTable('system_client_assertions').execute();
  await db.schema.dropTable('system_clients').execute();
}
