import { addDays, DEFAULT_DIGEST_HOUR, DEFAULT_TIME_ZONE, localDay, localHour } from '@graftmatch/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types';
import type { Mailer } from '../../mail/mailer';
import { digestMail } from '../../mail/templates/reminder-digest';
import type { MailLanguage } from '../../mail/templates/layout';
import * as repo from './alerts.repository';

// The daily digest (docs/api.md "Alerts"): the alerts a user chose to receive by digest wait as
// rows; once a day, from the chosen hour in the user's organisation's zone, they go out in one
// mail. The day is claimed on the user's preferences row in the mail's transaction, so a digest
// goes out once a day whichever instance runs the job and however often.

export interface DigestDeps {
  db: Kysely<DB>;
  now: () => Date;
  mailer: Mailer;
}

/** Mailed digest lines are kept this long, then deleted (the notifications keep the events). */
const DIGEST_KEPT_DAYS = 30;

const TITLE: Record<MailLanguage, string> = { en: 'your daily digest', de: 'Ihre tägliche Zusammenfassung' };

/** Sends the digests that are due; answers how many mails were queued. */
export async function sendDueDigests(deps: DigestDeps): Promise<number> {
  const now = deps.now();
  let sent = 0;
  for (const user of await repo.usersWithPendingDigest(deps.db)) {
    const zone = user.clinicTimeZone ?? user.bankTimeZone ?? DEFAULT_TIME_ZONE;
    if (localHour(now, zone) < (user.digestHour ?? DEFAULT_DIGEST_HOUR)) {
      continue;
    }
    const queued = await deps.db.transaction().execute(async (trx) => {
      if (!(await repo.claimDigestDay(trx, user.id, localDay(now, zone)))) {
        return false;
      }
      const items = await repo.pendingDigestItems(trx, user.id);
      if (items.length === 0) {
        return false;
      }
      await repo.markDigested(
        trx,
        items.map((item) => item.id),
        now.toISOString(),
      );
      const language = user.language;
      const lines = items.map((item) => ({ text: { en: item.text, de: item.text }, link: item.link }));
      await deps.mailer.enqueue(trx, {
        kind: 'reminder',
        to: user.email,
        reference: 'alerts:digest',
        ...digestMail(language, TITLE, lines),
      });
      return true;
    });
    sent += queued ? 1 : 0;
  }
  if (sent > 0) {
    deps.mailer.wake();
  }
  await repo.deleteDigestedBefore(deps.db, addDays(now, -DIGEST_KEPT_DAYS).toISOString());
  return sent;
}
