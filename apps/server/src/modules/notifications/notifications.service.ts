import { randomUUID } from 'node:crypto';
import {
  addDays,
  NOTIFICATION_RETENTION_DAYS,
  type MarkNotificationsReadRequest,
  type MarkNotificationsReadResponse,
  type Notification,
  type NotificationKind,
  type NotificationPage,
  type NotificationPayload,
} from '@graftmatch/domain';
import type { Kysely } from 'kysely';
import type { Executor } from '../../db/executor';
import type { DB } from '../../db/types';
import type { Page } from '../../http/paging';
import { badRequest } from '../../http/problem';
import type { PushPublisher } from '../../realtime/push-bus';
import { requireUser } from '../../identity/policy';
import type { Principal } from '../../identity/principal';
import * as repo from './notifications.repository';

// The notification centre (docs/api.md "Notifications"). Every module that tells a user of an
// event calls `notify` with its own transaction's executor, so the notification commits or rolls
// back with its cause and is never lost to a crash before the push; after the commit it calls
// `publishNotified`. The push is only a hint: the stored row is the notification.

export interface NotificationEvent {
  kind: NotificationKind;
  /** The web app's path of the object it is about (`/home/clinic/requests`). */
  link: string | null;
  payload: NotificationPayload;
  at: Date;
}

/** What `notify` stored: one notification per recipient, for the push after the commit. */
export type Notified = { userId: string; notification: Notification }[];

const toWire = (row: repo.NotificationRow): Notification => ({
  id: row.id,
  kind: row.kind,
  link: row.link,
  payload: JSON.parse(row.payload) as NotificationPayload,
  createdAt: row.createdAt,
  readAt: row.readAt,
});

/** Stores the event for each user (once per user) with the caller's executor. */
export function notify(executor: Executor, userIds: readonly string[], event: NotificationEvent): Promise<Notified> {
  return notifyEach(
    executor,
    [...new Set(userIds)].map((userId) => ({ userId, event })),
  );
}

/**
 * Stores each user's own event with the caller's executor, all in few statements: a large import
 * tells thousands of physician-graft pairs, and one round trip each would hold its transaction open.
 */
export async function notifyEach(
  executor: Executor,
  deliveries: readonly { userId: string; event: NotificationEvent }[],
): Promise<Notified> {
  const rows: repo.NotificationRow[] = deliveries.map(({ userId, event }) => ({
    id: randomUUID(),
    userId,
    kind: event.kind,
    link: event.link,
    payload: JSON.stringify(event.payload),
    createdAt: event.at.toISOString(),
    readAt: null,
  }));
  await repo.insertNotifications(executor, rows);
  return rows.map((row) => ({ userId: row.userId, notification: toWire(row) }));
}

/** After the commit: each recipient's open connections hear of their new notification. */
export function publishNotified(push: PushPublisher, notified: Notified): void {
  for (const { userId, notification } of notified) {
    push.publish({ message: { event: 'notification', args: [notification] }, audience: { userIds: [userId] } });
  }
}

/** Every active user: whom an admin's test alert reaches. */
export function everyActiveUser(executor: Executor): Promise<string[]> {
  return repo.activeUserIds(executor);
}

export interface NotificationsDeps {
  db: Kysely<DB>;
  now: () => Date;
}

/**
 * `GET /notifications`: the caller's own, newest first, and how many are unread. Everyone has a
 * centre of their own, auditors included; nobody reads another's.
 */
export async function readNotifications(
  deps: NotificationsDeps,
  principal: Principal | null,
  unreadOnly: boolean,
  page: Page,
): Promise<NotificationPage> {
  const caller = requireUser(principal);
  const [listed, unread] = await Promise.all([
    repo.listNotifications(deps.db, caller.userId, unreadOnly, page),
    repo.countUnread(deps.db, caller.userId),
  ]);
  return { items: listed.items.map(toWire), total: listed.total, unread, limit: page.limit, offset: page.offset };
}

/**
 * `POST /notifications/read`: marks some or all of the caller's own notifications read. An id of
 * someone else's (or an unknown one) is passed over, so the answer tells nothing of others. The
 * auditor may too: it is their own account's state, not a record they audit (like their settings).
 */
export async function markNotificationsRead(
  deps: NotificationsDeps,
  principal: Principal | null,
  body: MarkNotificationsReadRequest,
): Promise<MarkNotificationsReadResponse> {
  const caller = requireUser(principal);
  if ((body.all === true) === (body.ids !== undefined)) {
    throw badRequest({ key: 'problem.other.idsOrAll' });
  }
  const marked = await repo.markRead(deps.db, caller.userId, body.ids ?? null, deps.now().toISOString());
  return { marked, unread: await repo.countUnread(deps.db, caller.userId) };
}

/** Deletes notifications older than the retention; answers how many (the audit log keeps everything). */
export function deleteExpiredNotifications(deps: NotificationsDeps): Promise<number> {
  return repo.deleteOlderThan(deps.db, addDays(deps.now(), -NOTIFICATION_RETENTION_DAYS).toISOString());
}
