/* eslint-disable @typescript-eslint/no-explicit-any -- a migration must not know the app's DB type (Kysely's migrations guide) */
import type { Kysely } from 'kysely';

// Frozen in time: never imports application code.
//
// Each bank's vigilance settings (docs/decisions.md "Vigilance"): the hours after discovery a
// report's notification is due, the days its confirmation is due, and the competent authority's
// address that each submitted part is mailed to (none: nobody is mailed). Existing banks keep the
// defaults every report had so far.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('eutes')
    .addColumn('vigilance_notification_hours', 'integer', (c) => c.notNull().defaultTo(24))
    .execute();
  await db.schema
    .alterTable('eutes')
    .addColumn('vigilance_confirmation_days', 'integer', (c) => c.notNull().defaultTo(90))
    .execute();
  await db.schema.alterTable('eutes').addColumn('competent_authority_email', 'text').execute();
  // A queued mail's attachments: JSON [{ fileName, contentType, storageKey }], read from the file store when sent.
  await db.schema.alterTable('mail_outbox').addColumn('attachments', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('mail_outbox').dropColumn('attachments').execute();
  await db.schema.alterTable('eutes').dropColumn('competent_authority_email').execute();
  await db.schema.alterTable('eutes').dropColumn('vigilance_confirmation_days').execute();
  await db.schema.alterTable('eutes').dropColumn('vigilance_notification_hours').execute();
}
