import { Type, type Static } from '@sinclair/typebox';
import { MAX_EXPIRY_REMINDER_DAYS, MAX_EXPIRY_REMINDERS, MAX_IMPORT_SILENCE_DAYS } from '../rules/reminders';
import { Id } from './common';

// A bank's reminder settings (docs/decisions.md "Reminders"), set by admins.

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
  },
  { additionalProperties: false },
);
export type BankReminderSettingsRequest = Static<typeof BankReminderSettingsRequest>;

export const BankReminderSettings = Type.Object({
  id: Id,
  /** Largest first. */
  expiryReminderDays: Type.Array(Type.Integer()),
  importSilenceDays: Type.Integer(),
});
export type BankReminderSettings = Static<typeof BankReminderSettings>;
