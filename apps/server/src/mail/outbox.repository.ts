import type { ExpressionBuilder, Insertable, Kysely } from 'kysely';
import { engineOf, skipLockedRows } from '../db/dialect';
import type { Executor } from '../db/executor';
import type { DB, MailOutboxTable } from '../db/types';
import { SEALED_KINDS } from './sealed-body';

// All SQL of the mail worker and the outbox writer (docs/operations.md "Mail").

export type NewOutboxMail = Insertable<MailOutboxTable>;

export async function insertMail(executor: Executor, row: NewOutboxMail): Promise<void> {
  await executor.insertInto('mailOutbox').values(row).execute();
}

/**
 * Claims up to `limit` due mails until `claimedUntil`, most urgent first, and counts the attempt.
 * One statement: on PostgreSQL concurrent claimers skip each other's rows; on SQLite it is the
 * only writer while it runs.
 */
export async function claimDueMails(db: Kysely<DB>, input: { now: string; claimedUntil: string; limit: number }) {
  const due = skipLockedRows(
    engineOf(db),
    db
      .selectFrom('mailOutbox')
      .select('id')
      .where('state', '=', 'queued')
      .where('nextAttemptAt', '<=', input.now)
      .where((eb) => eb.or([eb('claimedUntil', 'is', null), eb('claimedUntil', '<=', input.now)]))
      .orderBy('priority')
      .orderBy('nextAttemptAt')
      .limit(input.limit),
  );
  return db
    .updateTable('mailOutbox')
    .set((eb) => ({ claimedUntil: input.claimedUntil, attempts: eb('attempts', '+', 1), updatedAt: input.now }))
    .where('id', 'in', due)
    .returning([
      'id',
      'kind',
      'messageId',
      'recipient',
      'subject',
      'textBody',
      'htmlBody',
      'attachments',
      'attempts',
      'giveUpAt',
    ])
    .execute();
}

export type ClaimedMail = Awaited<ReturnType<typeof claimDueMails>>[number];

/** A body that carried a secret is emptied once its mail is sent or has failed (docs/security.md "Mail outbox"). */
function emptiedIfSealed(eb: ExpressionBuilder<DB, 'mailOutbox'>, column: 'textBody' | 'htmlBody') {
  return eb.case().when('kind', 'in', SEALED_KINDS).then('').else(eb.ref(column)).end();
}

const bodiesEmptiedIfSealed = (eb: ExpressionBuilder<DB, 'mailOutbox'>) => ({
  textBody: emptiedIfSealed(eb, 'textBody'),
  htmlBody: emptiedIfSealed(eb, 'htmlBody'),
});

export async function markMailSent(db: Kysely<DB>, id: string, now: string): Promise<void> {
  await db
    .updateTable('mailOutbox')
    .set((eb) => ({ state: 'sent', claimedUntil: null, lastError: null, updatedAt: now, ...bodiesEmptiedIfSealed(eb) }))
    .where('id', '=', id)
    .execute();
}

/** A temporary failure: tried again at `nextAttemptAt`. */
export async function markMailRetry(
  db: Kysely<DB>,
  input: { id: string; nextAttemptAt: string; error: string; now: string },
): Promise<void> {
  await db
    .updateTable('mailOutbox')
    .set({ claimedUntil: null, nextAttemptAt: input.nextAttemptAt, lastError: input.error, updatedAt: input.now })
    .where('id', '=', input.id)
    .where('state', '=', 'queued')
    .execute();
}

export async function markMailFailed(db: Kysely<DB>, input: { id: string; error: string; now: string }) {
  await db
    .updateTable('mailOutbox')
    .set((eb) => ({
      state: 'failed',
      claimedUntil: null,
      lastError: input.error,
      updatedAt: input.now,
      ...bodiesEmptiedIfSealed(eb),
    }))
    .where('id', '=', input.id)
    .where('state', '=', 'queued')
    .execute();
}

/**
 * Fails the secret-carrying mails whose time ran out unsent (no server ran, or every attempt failed)
 * and empties their bodies; one a sender holds right now is left to its sender.
 */
export async function expireSealedMails(db: Kysely<DB>, input: { now: string; reason: string }): Promise<number> {
  const result = await db
    .updateTable('mailOutbox')
    .set({
      state: 'failed',
      claimedUntil: null,
      lastError: input.reason,
      updatedAt: input.now,
      textBody: '',
      htmlBody: '',
    })
    .where('state', '=', 'queued')
    .where('kind', 'in', SEALED_KINDS)
    .where('giveUpAt', '<', input.now)
    .where((eb) => eb.or([eb('claimedUntil', 'is', null), eb('claimedUntil', '<=', input.now)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Deletes the mails sent before `before` (the outbox's retention). */
export async function deleteSentMailsBefore(db: Kysely<DB>, before: string): Promise<number> {
  const result = await db
    .deleteFrom('mailOutbox')
    .where('state', '=', 'sent')
    .where('updatedAt', '<', before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The state of the newest mail with this reference (a PIN mail of one login attempt), and its last failure. */
export function newestMailState(executor: Executor, reference: string) {
  return executor
    .selectFrom('mailOutbox')
    .select(['state', 'lastError'])
    .where('reference', '=', reference)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}
