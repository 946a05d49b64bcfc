import type { Kysely } from 'kysely';
import type { DB } from '../db/types';
import { deleteSentMailsBefore, expireSealedMails } from './outbox.repository';

const DAY_MS = 86_400_000;

/**
 * The outbox's keeping (docs/operations.md "Mail"): a PIN or link mail whose time ran out unsent is
 * failed and its sealed body emptied; a sent mail is deleted `retentionDays` after it was sent.
 * Failed mails stay for the admins' view.
 */
export async function sweepOutbox(deps: { db: Kysely<DB>; now: () => Date; retentionDays: number }) {
  const now = deps.now();
  const expired = await expireSealedMails(deps.db, {
    now: now.toISOString(),
    reason: 'not sent before its PIN or link expired',
  });
  const deleted = await deleteSentMailsBefore(
    deps.db,
    new Date(now.getTime() - deps.retentionDays * DAY_MS).toISOString(),
  );
  return { expired, deleted };
}
