import type { Executor } from '../../db/executor';
import type { MailOutboxTable } from '../../db/types';
import type { Page, Paged } from '../../http/paging';
import { CHANNEL_KINDS } from '../../mail/mailer';

// The admins' view of the mail outbox (the mail worker's own SQL is in mail/outbox.repository.ts).
// Never selects a body: it may hold a PIN or a set-password link.

const LISTED = [
  'id',
  'kind',
  'state',
  'recipient',
  'subject',
  'attempts',
  'lastError',
  'createdAt',
  'updatedAt',
  'nextAttemptAt',
] as const;

/** Newest first, one page, with the number of all matching mails. */
export async function listMails(executor: Executor, state: MailOutboxTable['state'] | undefined, page: Page) {
  // Web Push rows share the outbox; this view lists mails.
  const mails = executor.selectFrom('mailOutbox').where('kind', 'not in', CHANNEL_KINDS);
  const base = state === undefined ? mails : mails.where('state', '=', state);
  const [items, count] = await Promise.all([
    base
      .select(LISTED)
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<string | number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { items, total: Number(count.total) } satisfies Paged<unknown>;
}

export type ListedMail = Awaited<ReturnType<typeof listMails>>['items'][number];

export function findListedMail(executor: Executor, id: string) {
  return executor.selectFrom('mailOutbox').select(LISTED).where('id', '=', id).executeTakeFirst();
}

/** Queues a failed mail again, due now, with a fresh 24 hours of retries. */
export async function requeueMail(executor: Executor, input: { id: string; now: string; giveUpAt: string }) {
  const result = await executor
    .updateTable('mailOutbox')
    .set({
      state: 'queued',
      nextAttemptAt: input.now,
      giveUpAt: input.giveUpAt,
      claimedUntil: null,
      updatedAt: input.now,
    })
    .where('id', '=', input.id)
    .where('state', '=', 'failed')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
