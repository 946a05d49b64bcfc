/* eslint-disable @typescript-eslint/no-explicit-any -- a migration must not know the app's DB type (Kysely's migrations guide) */
import type { Kysely } from 'kysely';

// Frozen in time: never imports application code. See docs/fhir.md "Subscriptions".
//
// A system client's FHIR subscription to one of our topics: where its notifications go (a rest-hook
// endpoint), what they carry, and how delivery goes. A subscription that ends is kept, switched off.
// Each event's number is counted on the locked row, so numbers never repeat across instances.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('fhir_subscriptions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('client_id', 'text', (c) => c.notNull().references('system_clients.id'))
    .addColumn('organisation_type', 'text', (c) => c.notNull())
    .addColumn('organisation_id', 'text', (c) => c.notNull())
    .addColumn('fhir_version', 'text', (c) => c.notNull())
    .addColumn('topic', 'text', (c) => c.notNull())
    .addColumn('name', 'text')
    .addColumn('reason', 'text')
    .addColumn('endpoint', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('heartbeat_seconds', 'integer')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('events_since_start', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failed_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('error_since', 'text')
    .addColumn('last_sent_at', 'text')
    .addColumn('last_delivered_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('ended_at', 'text')
    .execute();
  await db.schema
    .createIndex('fhir_subscriptions_organisation_idx')
    .on('fhir_subscriptions')
    .columns(['organisation_type', 'organisation_id', 'status'])
    .execute();
  await db.schema.createIndex('fhir_subscriptions_client_idx').on('fhir_subscriptions').column('client_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('fhir_subscriptions').execute();
}
