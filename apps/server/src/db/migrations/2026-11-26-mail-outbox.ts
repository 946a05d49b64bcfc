/* eslint-disable @typescript-eslint/no-explicit-any -- a migration must not know the app's DB type (Kysely's migrations guide) */
import { sql, type Kysely } from 'kysely';

// Frozen in time: never imports application code. See docs/operations.md, "Mail".
//
// The durable mail outbox: every mail is a row, written in the transaction of its cause, and a
// worker in the server sends it. A sender claims a row until `claimed_until`, so a crashed
// sender's rows are taken up again; `message_id` stays the same across retries, so a receiver can
// tell a repeat.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('mail_outbox')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('priority', 'integer', (c) => c.notNull())
    .addColumn('reference', 'text')
    .addColumn('message_id', 'text', (c) => c.notNull().unique())
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text_body', 'text', (c) => c.notNull())
    .addColumn('html_body', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull().check(sql`state in ('queued', 'sent', 'failed')`))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('give_up_at', 'text', (c) => c.notNull())
    .addColumn('claimed_until', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // What a sender looks for: queued rows, most urgent first, those due first.
  await db.schema
    .createIndex('mail_outbox_due_idx')
    .on('mail_outbox')
    .columns(['state', 'priority', 'next_attempt_at'])
    .execute();
  await db.schema.createIndex('mail_outbox_reference_idx').on('mail_outbox').column('reference').execute();
  await db.schema.createIndex('mail_outbox_created_idx').on('mail_outbox').column('created_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('mail_outbox').execute();
}
