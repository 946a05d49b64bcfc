import { formatInstantInZone, webPaths } from '@graftmatch/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types';
import type { Mailer } from '../../mail/mailer';
import type { MailLanguage } from '../../mail/templates/layout';
import { digestMail, type DigestLine } from '../../mail/templates/reminder-digest';
import type { PushPublisher } from '../../realtime/push-bus';
import { notify, publishNotified, type Notified } from '../notifications/notifications.service';
import { channelsFor, holdForDigest, queuePushes } from '../alerts/alerts.deliver';
import { storeNewKeys } from './reminders.repository';

/** A push names the first of several reminders and how many more the centre lists. */
const MORE: Record<MailLanguage, (first: string, more: number) => string> = {
  en: (first, more) => `${first} (and ${more} more)`,
  de: (first, more) => `${first} (und ${more} weitere)`,
};

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
 * `title`), one notification per reminder and recipient, and one push event per recipient, each
 * through the recipient's channels for reminders (docs/api.md "Alerts"). Answers how many
 * reminders were new. The one place reminders leave the server, so every channel is added here.
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
    const channelsOf = await channelsFor(trx, [...perRecipient.keys()], 'reminder', new Date(now));
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
      const channels = channelsOf(recipient.userId);
      if (channels.push) {
        const [first] = own;
        await queuePushes(trx, deps.mailer, channels.devices, {
          event: 'reminder',
          id: notified.at(-1)?.notification.id ?? run.job,
          title: run.title[recipient.language],
          body:
            own.length === 1
              ? first!.text[recipient.language]
              : MORE[recipient.language](first!.text[recipient.language], own.length - 1),
          path: own.length === 1 ? first!.path : webPaths.notifications,
          object: `reminders:${run.job}`,
        });
      }
      if (channels.mail === 'now') {
        const content = digestMail(recipient.language, run.title, lines);
        await deps.mailer.enqueue(trx, {
          kind: 'reminder',
          to: recipient.email,
          reference: `reminders:${run.job}`,
          ...content,
        });
      } else if (channels.mail === 'digest') {
        const texts = lines.map((line) => ({ text: line.text[recipient.language], link: line.link }));
        await holdForDigest(trx, recipient.userId, 'reminder', texts, new Date(now));
      }
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
