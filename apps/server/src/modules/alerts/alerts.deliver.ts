import { randomUUID } from 'node:crypto';
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  type AlertChannels,
  type AlertEvent,
  type NotificationKind,
  type NotificationPayload,
  type PushAlertPayload,
} from '@graftmatch/domain';
import type { Executor } from '../../db/executor';
import { PUSH_KIND, type Mailer, type MailKind } from '../../mail/mailer';
import { alertMail } from '../../mail/templates/alert';
import type { MailContent, MailLanguage } from '../../mail/templates/layout';
import { notify, type Notified } from '../notifications/notifications.service';
import { readPreferences } from './preferences';
import * as repo from './alerts.repository';

// The one way an event reaches people (docs/api.md "Alerts"): in the caller's transaction, each
// recipient gets the notification (always), a push row per subscribed device when they want
// pushes, and a mail at once or a line of tomorrow's digest as they chose. Pushes and mails are
// outbox rows, so they go out once, after the commit, through the mail worker.

export interface AlertRecipient {
  userId: string;
  email: string;
  language: MailLanguage;
}

export interface Alert {
  event: AlertEvent;
  /** The notification centre's kind and details. */
  kind: NotificationKind;
  payload: NotificationPayload;
  /** The web app's path that deals with it. */
  path: string;
  /** The object it is about (a request's or a report's id), for collapsing a device's repeats. */
  object: string | null;
  /** What the push shows and the digest lists, in each language, in the recipients' organisation's zone. */
  words: Record<MailLanguage, { title: string; body: string }>;
  /** The mail when it goes at once; by default the words with the link. */
  mail?: (language: MailLanguage, link: string) => MailContent;
  mailKind?: MailKind;
  at: Date;
}

export interface AlertDeps {
  mailer: Mailer;
  publicUrl: string;
}

/** Each recipient's channels for `event`, and their subscribed devices with a live session at `at`. */
export async function channelsFor(
  executor: Executor,
  userIds: readonly string[],
  event: AlertEvent,
  at: Date,
): Promise<(userId: string) => AlertChannels & { devices: string[] }> {
  const [preferences, subscriptions] = await Promise.all([
    readPreferences(executor, userIds),
    repo.subscriptionsOf(executor, userIds, at.toISOString()),
  ]);
  return (userId) => ({
    ...(preferences.get(userId) ?? DEFAULT_NOTIFICATION_PREFERENCES).events[event],
    devices: subscriptions.filter((subscription) => subscription.userId === userId).map(({ id }) => id),
  });
}

/** One push row per device: the outbox sends each once, retrying as the push service asks. */
export async function queuePushes(
  executor: Executor,
  mailer: Mailer,
  devices: readonly string[],
  payload: PushAlertPayload,
): Promise<void> {
  for (const device of devices) {
    await mailer.enqueue(executor, {
      kind: PUSH_KIND,
      to: device,
      subject: payload.event,
      text: JSON.stringify(payload),
      html: '',
    });
  }
}

/** Lines held for the recipient's next daily digest. */
export function holdForDigest(
  executor: Executor,
  userId: string,
  event: AlertEvent,
  lines: readonly { text: string; link: string }[],
  at: Date,
): Promise<void> {
  return repo.insertDigestItems(
    executor,
    lines.map((line) => ({
      id: randomUUID(),
      userId,
      event,
      text: line.text,
      link: line.link,
      createdAt: at.toISOString(),
      sentAt: null,
    })),
  );
}

/** Tells each recipient (once each) of the alert through their channels; answers the notifications for the push after the commit. */
export async function sendAlert(
  trx: Executor,
  deps: AlertDeps,
  recipients: readonly AlertRecipient[],
  alert: Alert,
): Promise<Notified> {
  const unique = [...new Map(recipients.map((recipient) => [recipient.userId, recipient])).values()];
  if (unique.length === 0) {
    return [];
  }
  const channelsOf = await channelsFor(
    trx,
    unique.map((recipient) => recipient.userId),
    alert.event,
    alert.at,
  );
  const link = `${deps.publicUrl}${alert.path}`;
  const notified: Notified = [];
  for (const recipient of unique) {
    const words = alert.words[recipient.language];
    const told = await notify(trx, [recipient.userId], {
      kind: alert.kind,
      link: alert.path,
      payload: { ...alert.payload, message: words.body },
      at: alert.at,
    });
    notified.push(...told);
    const channels = channelsOf(recipient.userId);
    if (channels.push) {
      await queuePushes(trx, deps.mailer, channels.devices, {
        event: alert.event,
        id: told[0]?.notification.id ?? randomUUID(),
        title: words.title,
        body: words.body,
        path: alert.path,
        object: alert.object,
      });
    }
    if (channels.mail === 'now') {
      const content = alert.mail
        ? alert.mail(recipient.language, link)
        : alertMail(recipient.language, { ...words, link });
      await deps.mailer.enqueue(trx, { kind: alert.mailKind ?? 'request', to: recipient.email, ...content });
    } else if (channels.mail === 'digest') {
      await holdForDigest(
        trx,
        recipient.userId,
        alert.event,
        [{ text: `${words.title}: ${words.body}`, link }],
        alert.at,
      );
    }
  }
  return notified;
}
