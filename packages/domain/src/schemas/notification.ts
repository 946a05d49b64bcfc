import { Type, type Static } from '@sinclair/typebox';
import { Id, IsoDateTime, Nullable } from './common';
import { PageOf, PageQuery } from './paging';

// The notification centre (docs/api.md "Notifications"): every event that concerns a user, kept per
// user for NOTIFICATION_RETENTION_DAYS, read or not.

/**
 * What a notification tells. `request` carries the request's new state, `match` a newly free lot
 * fitting the reader's entries, `testAlert` an admin's test message, `import` a bank's import,
 * `reminder` a deadline or expiry coming up. Clients show an unknown kind by its link alone.
 */
export const NOTIFICATION_KINDS = ['request', 'match', 'testAlert', 'import', 'reminder'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** Notifications older than this are deleted; the audit log keeps what happened for good. */
export const NOTIFICATION_RETENTION_DAYS = 90;
/** The page size of the notification list when the query names none. */
export const NOTIFICATION_PAGE_SIZE = 50;

/** What a notification says, beyond its kind: lot, state, deadline, counts, a message. */
export const NotificationPayload = Type.Record(
  Type.String(),
  Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null(), Type.Array(Type.String())]),
);
export type NotificationPayload = Static<typeof NotificationPayload>;

export const Notification = Type.Object({
  id: Id,
  kind: Type.String({ examples: [...NOTIFICATION_KINDS] }),
  link: Nullable(Type.String({ description: "the web app's path of the object it is about" })),
  payload: NotificationPayload,
  createdAt: IsoDateTime,
  readAt: Nullable(IsoDateTime),
});
export type Notification = Static<typeof Notification>;

/** `GET /notifications`: a page, optionally only the unread ones. */
export const NotificationListQuery = Type.Object(
  { ...PageQuery.properties, unread: Type.Optional(Type.Boolean({ description: 'true: only unread ones' })) },
  { additionalProperties: false },
);
export type NotificationListQuery = Static<typeof NotificationListQuery>;

/** The caller's notifications, newest first, with the number of unread ones. */
export const NotificationPage = Type.Composite([
  PageOf(Notification),
  Type.Object({ unread: Type.Integer({ minimum: 0 }) }),
]);
export type NotificationPage = Static<typeof NotificationPage>;

/**
 * `POST /notifications/read`: `{ ids }` (some of the caller's notifications) or `{ all: true }`;
 * exactly one of the two, which the service checks (one object rather than a union: the
 * validator removes unknown fields, and would strip `all` while trying the `ids` branch).
 */
export const MarkNotificationsReadRequest = Type.Object(
  {
    ids: Type.Optional(Type.Array(Id, { minItems: 1, maxItems: 500, uniqueItems: true })),
    all: Type.Optional(Type.Literal(true)),
  },
  { additionalProperties: false },
);
export type MarkNotificationsReadRequest = Static<typeof MarkNotificationsReadRequest>;

/** How many notifications the call marked, and how many stay unread. */
export const MarkNotificationsReadResponse = Type.Object({
  marked: Type.Integer({ minimum: 0 }),
  unread: Type.Integer({ minimum: 0 }),
});
export type MarkNotificationsReadResponse = Static<typeof MarkNotificationsReadResponse>;
