import { Type, type Static } from '@sinclair/typebox';
import { Email, Id, Nullable, RequiredText, ShortText } from './common';
import { UserSummary } from './user';
import { TimeZone } from './time-zone';
import { MAX_CONFIRMATION_DAYS, MAX_NOTIFICATION_HOURS } from '../rules/vigilance';

const Text = Nullable(Type.String());

/** A tissue bank ("eute"). `euteDetail` comes with `GET /admin/eutes/{id}` only. */
export const Eute = Type.Object({
  id: Id,
  name: Type.String(),
  euteNumber: Text,
  active: Type.Boolean(),
  address: Text,
  housenumber: Text,
  zipcode: Text,
  city: Text,
  country: Text,
  email: Text,
  phone: Text,
  leadTimeDays: Type.Integer({ minimum: 0, description: 'days the bank needs from assignment to delivery' }),
  vigilanceNotificationHours: Type.Integer({
    minimum: 1,
    description: "hours after discovery a vigilance report's notification is due",
  }),
  vigilanceConfirmationDays: Type.Integer({
    minimum: 1,
    description: "days after discovery a vigilance report's confirmation is due",
  }),
  competentAuthorityEmail: Nullable(Email, {
    description: 'the competent authority each submitted vigilance part is mailed to, with its PDF',
  }),
  timeZone: TimeZone,
  euteDetail: Type.Optional(Type.Object({ users: Type.Array(UserSummary) })),
});
export type Eute = Static<typeof Eute>;

const euteFields = {
  address: ShortText(),
  housenumber: ShortText(20),
  zipcode: ShortText(20),
  city: ShortText(),
  country: ShortText(),
  email: Email,
  phone: ShortText(50),
  timeZone: TimeZone,
};

/** A bank's vigilance settings, set by admins (docs/decisions.md "Vigilance"). */
const vigilanceFields = {
  vigilanceNotificationHours: Type.Integer({ minimum: 1, maximum: MAX_NOTIFICATION_HOURS }),
  vigilanceConfirmationDays: Type.Integer({ minimum: 1, maximum: MAX_CONFIRMATION_DAYS }),
  /** null clears it: no part is mailed. */
  competentAuthorityEmail: Nullable(Email),
};

/** Body of `PATCH /admin/eutes/{id}`: any subset. */
export const PatchEuteRequest = Type.Partial(
  Type.Object(
    { name: RequiredText(), euteNumber: ShortText(50), ...euteFields, ...vigilanceFields },
    { additionalProperties: false },
  ),
);
export type PatchEuteRequest = Static<typeof PatchEuteRequest>;

/**
 * Body of `POST /admin/eutes/add` (beyond spec §7, which adds banks by other means): imports name
 * their bank by EUTE number, so a new bank needs one, unique among banks (docs/import.md).
 */
export const AddEuteRequest = Type.Object(
  { name: RequiredText(), euteNumber: RequiredText(50), ...Type.Partial(Type.Object(euteFields)).properties },
  { additionalProperties: false },
);
export type AddEuteRequest = Static<typeof AddEuteRequest>;
