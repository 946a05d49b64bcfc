import { Type, type Static } from '@sinclair/typebox';
import { Id, IsoDateTime, Nullable } from './common';
import { PageOf, PageQuery } from './paging';

// The notification centre (docs/api.md "Notifications"): every event that concerns a user, kept per
// user for NOTIFICATION_RETENTION_DAYS, read or not.

/**
 * What a notification tells. `request` carries the request's new state, `match` a newly free lot
 * fitting the reader's entries, `testAlert` an admin's test message, `import` a bank's import,
 * `reminder` a deadline or expiry coming up, `vigilance` a report or quarantine on grafts the reader
 * holds or handles. Clients show an unknown kind by its link alone.
 */
export const NOTIFICATION_KINDS = ['request', 'match', 'testAlert', 'import', 'reminder', 'vigilance'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** Notifications older than this are deleted; the audit log keeps what happened for good. */
export const NOTIFICATION_RETENTION_DAYS = 90;
/** The page size of the notification list when the query names none. */
export const NOTIFICATION_PAGE_SIZE = 50;

const Text = Type.Optional(Nullable(Type.String()));
const Count = Type.Optional(Type.Integer({ minimum: 0 }));

/**
 * What a notification says beyond its kind: the fields of every kind, each optional (docs/api.md
 * "Notifications"). Closed, as every answer is, so a kind that needs another field adds it here.
 */
export const NotificationPayload = Type.Object(
  {
    /** request: the request's id, lot, new state, the deadline while reserved, a decline's reason, both sides' names. */
    id: Text,
    lot: Text,
    state: Text,
    deadline: Text,
    reason: Text,
    bank: Text,
    clinic: Text,
    /** match: the entries of the reader the lot fits, and their patient codes. */
    waitinglistids: Type.Optional(Type.Array(Type.String())),
    patientCodes: Type.Optional(Type.Array(Type.String())),
    /** match without a lot: how many more newly free grafts fit those entries than were told one by one. */
    grafts: Count,
    /** testAlert: the admin's message; reminder: its sentence in the reader's language. */
    message: Text,
    /** import: the import log, who imported, and its counts. */
    importId: Text,
    importer: Text,
    inserted: Count,
    updated: Count,
    failed: Count,
    /** reminder: what it is about (a lot, a patient code, a bank). */
    subject: Text,
  },
  { additionalProperties: false },
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
