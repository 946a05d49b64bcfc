import { formatInstantInZone } from '@graftmatch/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types';
import type { Mailer } from '../../mail/mailer';
import type { MailLanguage } from '../../mail/templates/layout';
import { digestMail, type DigestLine } from '../../mail/templates/reminder-digest';
import type { PushPublisher } from '../../realtime/push-bus';
import { notify, publishNotified, type Notified } from '../notifications/notifications.service';
import { storeNewKeys } from './reminders.repository';

// Sending reminders (docs/operations.md "Reminders"): each has a dedupe key; the keys not yet
// stored are stored and their mails queued in one transaction, so a reminder is sent exactly
// once however often and wherever its job runs, and a crash between the two sends nothing twice.

export interface ReminderRecipient {
  userId: string;
  email: string;
  language: MailLanguage;
}

export interface Reminder {
  /** Sent once per key: the thing, the threshold, and what would make it new (a changed deadline). */
  key: string;
  kind: string;
  recipients: readonly ReminderRecipient[];
  /** The lot, patient code or bank it is about, for the push event. */
  subject: string;
  text: Record<MailLanguage, string>;
  /** The app's path that deals with it ("/home/eute/requests"). */
  path: string;
}

/** An instant as a reminder names it: in the recipient organisation's zone (docs/decisions.md "Time zones"), in each language. */
export const instantShownIn = (instant: string, zone: string): Record<MailLanguage, string> => ({
  en: formatInstantInZone(instant, zone, 'en'),
  de: formatInstantInZone(instant, zone, 'de'),
});

export interface ReminderDeps {
  db: Kysely<DB>;
  now: () => Date;
  mailer: Mailer;
  push: PushPublisher;
  publicUrl: string;
}

/**
 * Delivers one run's reminders: the new ones only, one digest mail per recipient (titled
 * `title`), one notification per reminder and recipient, and one push event per recipient. Answers how many reminders were new. The one place
 * reminders leave the server, so every channel is added here.
 */
export async function deliverReminder(
  deps: ReminderDeps,
  run: { job: string; title: Record<MailLanguage, string> },
  reminders: readonly Reminder[],
): Promise<number> {
  if (reminders.length === 0) {
    return 0;
  }
  const now = deps.now().toISOString();
  const byRecipient = await deps.db.transaction().execute(async (trx) => {
    const fresh = await storeNewKeys(trx, reminders, now);
    const perRecipient = new Map<string, { recipient: ReminderRecipient; reminders: Reminder[] }>();
    for (const reminder of reminders.filter(({ key }) => fresh.has(key))) {
      for (const recipient of reminder.recipients) {
        const entry = perRecipient.get(recipient.userId) ?? { recipient, reminders: [] };
        entry.reminders.push(reminder);
        perRecipient.set(recipient.userId, entry);
      }
    }
    const notified: Notified = [];
    for (const { recipient, reminders: own } of perRecipient.values()) {
      for (const reminder of own) {
        const payload = { subject: reminder.subject, message: reminder.text[recipient.language] };
        notified.push(
          ...(await notify(trx, [recipient.userId], {
            kind: 'reminder',
            link: reminder.path,
            payload,
            at: new Date(now),
          })),
        );
      }
      const lines: DigestLine[] = own.map((reminder) => ({
        text: reminder.text,
        link: `${deps.publicUrl}${reminder.path}`,
      }));
      const content = digestMail(recipient.language, run.title, lines);
      await deps.mailer.enqueue(trx, {
        kind: 'reminder',
        to: recipient.email,
        reference: `reminders:${run.job}`,
        ...content,
      });
    }
    return { fresh: fresh.size, perRecipient, notified };
  });
  deps.mailer.wake();
  publishNotified(deps.push, byRecipient.notified);
  for (const { recipient, reminders: own } of byRecipient.perRecipient.values()) {
    deps.push.publish({
      message: {
        event: 'reminder',
        args: [own.map(({ kind, subject, path }) => ({ kind, subject, path }))],
      },
      audience: { userIds: [recipient.userId] },
    });
  }
  return byRecipient.fresh;
}
