import type { Kysely } from 'kysely';
import type { DB } from '../db/types';

// The SQL behind the gauges read at a scrape: both use an index (mail_outbox_due_idx, import_logs_date_idx).

/** Mails in the outbox still to be sent, by every instance. */
export async function countQueuedMails(db: Kysely<DB>): Promise<number> {
  const row = await db
    .selectFrom('mailOutbox')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('state', '=', 'queued')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** When the newest import (written or refused) was logged; null before the first. */
export async function newestImportAt(db: Kysely<DB>): Promise<string | null> {
  const row = await db
    .selectFrom('importLogs')
    .select((eb) => eb.fn.max('date').as('date'))
    .executeTakeFirst();
  return row?.date ?? null;
}
