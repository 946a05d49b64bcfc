/* eslint-disable @typescript-eslint/no-explicit-any -- a migration must not know the app's DB type (Kysely's migrations guide) */
import type { Kysely } from 'kysely';

// Frozen in time: never imports application code. See docs/security.md "Single sign-on".
//
// An organisation's sign-on with its own OpenID Provider: the issuer, the client id, the client
// secret sealed with a key kept outside the database (SSO_SECRET_KEY), who a first sign-in of an
// unknown address creates, and the e-mail domains it covers, each domain of one organisation only.
// The sign-ins under way (state, nonce and PKCE verifier: the state as a keyed hash, the others
// sealed), the one-time hand-overs from the callback to the web app (a keyed hash), and the
// sessions begun by a sign-on (with the ID token, sealed, for the provider's end-session address).

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sso_configs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organisation_type', 'text', (c) => c.notNull())
    .addColumn('organisation_id', 'text', (c) => c.notNull())
    .addColumn('issuer', 'text', (c) => c.notNull())
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('client_secret', 'text')
    .addColumn('provisioning', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'text')
    .addUniqueConstraint('sso_configs_organisation_key', ['organisation_type', 'organisation_id'])
    .execute();
  await db.schema
    .createTable('sso_domains')
    // The primary key makes a domain one organisation's: a second claim is a unique violation.
    .addColumn('domain', 'text', (c) => c.primaryKey())
    .addColumn('config_id', 'text', (c) => c.notNull().references('sso_configs.id').onDelete('cascade'))
    .execute();
  await db.schema.createIndex('sso_domains_config_idx').on('sso_domains').column('config_id').execute();
  await db.schema
    .createTable('sso_login_states')
    .addColumn('state_hash', 'text', (c) => c.primaryKey())
    .addColumn('config_id', 'text', (c) => c.notNull().references('sso_configs.id').onDelete('cascade'))
    .addColumn('nonce', 'text', (c) => c.notNull())
    .addColumn('code_verifier', 'text', (c) => c.notNull())
    // A keyed hash of the browser's binding cookie: the callback must come back to the browser that left.
    .addColumn('browser_hash', 'text', (c) => c.notNull())
    // A keyed hash of the address typed: the provider must answer for that person, not one still signed in there.
    .addColumn('email_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('sso_login_states_expires_idx').on('sso_login_states').column('expires_at').execute();
  await db.schema
    .createTable('sso_handovers')
    .addColumn('handover_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('config_id', 'text', (c) => c.notNull().references('sso_configs.id').onDelete('cascade'))
    .addColumn('browser_hash', 'text', (c) => c.notNull())
    .addColumn('id_token', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('sso_handovers_expires_idx').on('sso_handovers').column('expires_at').execute();
  await db.schema
    .createTable('sso_sessions')
    .addColumn('session_id', 'text', (c) => c.primaryKey().references('refresh_token_families.id').onDelete('cascade'))
    .addColumn('config_id', 'text', (c) => c.notNull().references('sso_configs.id').onDelete('cascade'))
    .addColumn('id_token', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sso_sessions_config_idx').on('sso_sessions').column('config_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sso_sessions').execute();
  await db.schema.dropTable('sso_handovers').execute();
  await db.schema.dropTable('sso_login_states').execute();
  await db.schema.dropTable('sso_domains').execute();
  await db.schema.dropTable('sso_configs').execute();
}
