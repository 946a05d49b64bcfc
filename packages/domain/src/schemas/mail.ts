import { Type, type Static } from '@sinclair/typebox';
import { Id, IsoDateTime, Nullable } from './common';
import { PageOf, PageQuery } from './paging';

/** Where an outgoing mail stands: waiting (or retrying), taken by the mail server, or given up. */
export const MailState = Type.Union([Type.Literal('queued'), Type.Literal('sent'), Type.Literal('failed')]);
export type MailState = Static<typeof MailState>;

/** `GET /auth/twofactor/status`: the state of this login attempt's PIN mail. */
export const PinMailStatus = Type.Object({ mail: MailState });
export type PinMailStatus = Static<typeof PinMailStatus>;

/** One mail of the outbox as admins see it: never its bodies (a PIN or a link may be in them). */
export const OutboxMail = Type.Object({
  id: Id,
  kind: Type.String({ examples: ['pin', 'recovery', 'invitation', 'request', 'authority', 'match', 'reminder'] }),
  state: MailState,
  recipient: Type.String(),
  subject: Type.String(),
  attempts: Type.Integer({ minimum: 0 }),
  reason: Nullable(Type.String({ description: 'the last failure: the mail server reply or the connection error' })),
  createdAt: IsoDateTime,
  updatedAt: IsoDateTime,
  nextAttemptAt: Nullable(IsoDateTime, { description: 'when a queued mail is tried next' }),
});
export type OutboxMail = Static<typeof OutboxMail>;

/** The page size of the mail list when the query names none. */
export const MAIL_PAGE_SIZE = 50;

/** `GET /admin/mails`: optionally one state, and the page. */
export const MailListQuery = Type.Object(
  { ...PageQuery.properties, state: Type.Optional(MailState) },
  { additionalProperties: false },
);
export type MailListQuery = Static<typeof MailListQuery>;

/** The answer of `GET /admin/mails`: newest first, with the number of all matching mails. */
export const MailListPage = PageOf(OutboxMail);
export type MailListPage = Static<typeof MailListPage>;
