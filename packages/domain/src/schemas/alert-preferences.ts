import { Type, type Static, type TObject } from '@sinclair/typebox';
import { Id, IsoDateTime, Nullable } from './common';

// Who hears of what, and how (docs/api.md "Alerts"): every alert lands in the notification centre;
// each user chooses per kind of event whether it also reaches their subscribed devices by Web Push
// and whether it is mailed at once, in a daily digest or not at all.

/**
 * The kinds of event a user can choose channels for:
 * - `bankRequest`: a new request for my bank, or a physician's confirmation of a reservation (the bank must act);
 * - `bankRequestUpdate`: a withdrawal, a receipt or a return of one of my bank's grafts;
 * - `reservation`: my bank reserved a graft for my request (a deadline runs);
 * - `requestAnswer`: my request was declined, assigned, delivered, or its reservation lapsed;
 * - `vigilance`: a SAR/SAE notification or confirmation on my bank's grafts, or a quarantine of a graft my clinic holds;
 * - `reminder`: a deadline or expiry coming up, or a follow-up due (the reminder jobs).
 */
export const ALERT_EVENTS = [
  'bankRequest',
  'bankRequestUpdate',
  'reservation',
  'requestAnswer',
  'vigilance',
  'reminder',
] as const;
export type AlertEvent = (typeof ALERT_EVENTS)[number];

/** Events with a legal or clinical clock: push or mail must stay on (docs/decisions.md "Alerts"). */
export const CLOCK_ALERT_EVENTS: readonly AlertEvent[] = ['bankRequest', 'reservation', 'vigilance', 'reminder'];

/** The events each side can receive, in the order the settings screen lists them. */
export const ALERT_EVENTS_OF = {
  physician: ['reservation', 'requestAnswer', 'vigilance', 'reminder'],
  bank: ['bankRequest', 'bankRequestUpdate', 'vigilance', 'reminder'],
  admin: ['reminder'],
} as const satisfies Record<string, readonly AlertEvent[]>;

export const MAIL_CHOICES = ['now', 'digest', 'off'] as const;
export type MailChoice = (typeof MAIL_CHOICES)[number];

/** Where an event's digest mails go out by default: 07:00 in the organisation's zone. */
export const DEFAULT_DIGEST_HOUR = 7;

export const AlertChannels = Type.Object(
  {
    push: Type.Boolean({ description: 'to every device the user subscribed for Web Push' }),
    // Listed one by one: a union mapped from the list would lose the names in `Static`.
    mail: Type.Union([Type.Literal(MAIL_CHOICES[0]), Type.Literal(MAIL_CHOICES[1]), Type.Literal(MAIL_CHOICES[2])], {
      description: '`now`: a mail per event; `digest`: one mail a day at `digestHour`; `off`: none',
    }),
  },
  { additionalProperties: false },
);
export type AlertChannels = Static<typeof AlertChannels>;

/** A user's choice when they made none. */
export const DEFAULT_ALERT_CHANNELS: AlertChannels = { push: true, mail: 'now' };

const eventsObject = Type.Object(
  Object.fromEntries(ALERT_EVENTS.map((event) => [event, AlertChannels])) as Record<AlertEvent, typeof AlertChannels>,
  { additionalProperties: false },
) as TObject<Record<AlertEvent, typeof AlertChannels>>;

/** `GET`/`PUT /me/notification-preferences`: every event's channels and the digest's hour. */
export const NotificationPreferences = Type.Object(
  {
    digestHour: Type.Integer({
      minimum: 0,
      maximum: 23,
      description: "the hour (in the user's organisation's time zone) the daily digest is sent",
    }),
    events: eventsObject,
  },
  { additionalProperties: false },
);
export type NotificationPreferences = Static<typeof NotificationPreferences>;

export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  digestHour: DEFAULT_DIGEST_HOUR,
  events: Object.fromEntries(ALERT_EVENTS.map((event) => [event, { ...DEFAULT_ALERT_CHANNELS }])) as Record<
    AlertEvent,
    AlertChannels
  >,
};

/** The clock-carrying events a choice would leave with neither push nor mail (each refused). */
export function silencedClockEvents(preferences: NotificationPreferences): AlertEvent[] {
  return CLOCK_ALERT_EVENTS.filter((event) => {
    const channels = preferences.events[event];
    return !channels.push && channels.mail === 'off';
  });
}

/** `GET /push/vapid-public-key`: the server's VAPID key, for `PushManager.subscribe`. */
export const VapidPublicKey = Type.Object({
  publicKey: Type.String({ description: 'the application server key, base64url (uncompressed P-256 point)' }),
});
export type VapidPublicKey = Static<typeof VapidPublicKey>;

/** Body of `POST /me/push-subscriptions`: the browser's `PushSubscription.toJSON()` and a name for the device. */
export const AddPushSubscriptionRequest = Type.Object(
  {
    endpoint: Type.String({ format: 'uri', minLength: 8, maxLength: 2000, pattern: '^https?://' }),
    keys: Type.Object(
      {
        p256dh: Type.String({ minLength: 80, maxLength: 100, pattern: '^[A-Za-z0-9_-]+=*$' }),
        auth: Type.String({ minLength: 16, maxLength: 32, pattern: '^[A-Za-z0-9_-]+=*$' }),
      },
      { additionalProperties: false },
    ),
    label: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'e.g. "Chrome on Android"' })),
  },
  { additionalProperties: false },
);
export type AddPushSubscriptionRequest = Static<typeof AddPushSubscriptionRequest>;

/** One device that receives the user's pushes. */
export const PushDevice = Type.Object({
  id: Id,
  label: Type.String(),
  createdAt: IsoDateTime,
  lastDeliveredAt: Nullable(IsoDateTime),
  /** True for the subscription made by the session asking. */
  thisDevice: Type.Boolean(),
});
export type PushDevice = Static<typeof PushDevice>;

export const PushDeviceList = Type.Object({ items: Type.Array(PushDevice) });
export type PushDeviceList = Static<typeof PushDeviceList>;

/**
 * What a push message carries (RFC 8291-encrypted): only what the notification shows and an id to
 * fetch the rest after the tap — never a patient code (docs/security.md "Web Push").
 */
export interface PushAlertPayload {
  /** The alert event, e.g. `reservation`. */
  event: AlertEvent;
  /** The notification's id in the centre. */
  id: string;
  title: string;
  body: string;
  /** The web app's path the tap opens. */
  path: string;
  /** The object it is about (a request's or a report's id), for collapsing repeats. */
  object: string | null;
}
