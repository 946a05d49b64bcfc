import { Type, type Static } from '@sinclair/typebox';
import {
  MAX_EXPIRY_REMINDER_DAYS,
  MAX_EXPIRY_REMINDERS,
  MAX_IMPORT_SILENCE_DAYS,
  MAX_UNANSWERED_REQUEST_HOURS,
  MIN_UNANSWERED_REQUEST_HOURS,
} from '../rules/reminders';
import { Id } from './common';

// A bank's reminder settings (docs/decisions.md "Reminders"), set by admins.

const Hour = Type.Integer({ minimum: MIN_UNANSWERED_REQUEST_HOURS, maximum: MAX_UNANSWERED_REQUEST_HOURS });
/** Hours after a request came, still unanswered, at which the bank's employees are reminded, then again (escalate > remind). */
const UnansweredRequestHours = Type.Object({ remind: Hour, escalate: Hour }, { additionalProperties: false });

/** Body of `PATCH /admin/eutes/{id}/reminders`. */
export const BankReminderSettingsRequest = Type.Object(
  {
    /** Days before a graft's expiry at which the bank hears of it; one to five thresholds. */
    expiryReminderDays: Type.Array(Type.Integer({ minimum: 1, maximum: MAX_EXPIRY_REMINDER_DAYS }), {
      minItems: 1,
      maxItems: MAX_EXPIRY_REMINDERS,
      uniqueItems: true,
    }),
    /** Days without an import after which the admins hear of the bank. */
    importSilenceDays: Type.Integer({ minimum: 1, maximum: MAX_IMPORT_SILENCE_DAYS }),
    /** Left out: the bank keeps its hours. */
    unansweredRequestHours: Type.Optional(UnansweredRequestHours),
  },
  { additionalProperties: false },
);
export type BankReminderSettingsRequest = Static<typeof BankReminderSettingsRequest>;

export const BankReminderSettings = Type.Object({
  id: Id,
  /** Largest first. */
  expiryReminderDays: Type.Array(Type.Integer()),
  importSilenceDays: Type.Integer(),
  /** The bank's own, else the defaults (UNANSWERED_REQUEST_HOURS). */
  unansweredRequestHours: UnansweredRequestHours,
});
export type BankReminderSettings = Static<typeof BankReminderSettings>;
