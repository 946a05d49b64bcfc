/* eslint-disable @typescript-eslint/no-explicit-any -- a migration must not know the app's DB type (Kysely's migrations guide) */
import type { Kysely } from 'kysely';

// Frozen in time: never imports application code.
//
// Each bank's hours after which an unanswered request is reminded and escalated (docs/decisions.md
// "Reminders"). Null: the bank has the defaults, so existing banks keep what they had.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('eutes').addColumn('unanswered_reminder_hours', 'integer').execute();
  await db.schema.alterTable('eutes').addColumn('unanswered_escalation_hours', 'integer').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('eutes').dropColumn('unanswered_escalation_hours').execute();
  await db.schema.alterTable('eutes').dropColumn('unanswered_reminder_hours').execute();
}
