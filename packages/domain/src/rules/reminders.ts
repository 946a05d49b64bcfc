import { wordedFieldError, type WordedFieldError } from './worded-field-error';

// When a reminder is due (docs/decisions.md "Reminders"). Each reminder is sent once per
// threshold, keyed by it; when several thresholds were crossed since the last look (a server that
// was down, a graft imported late), only the nearest one is sent: one reminder, not a burst.

/** The days before expiry at which a bank hears of a graft, unless an admin sets others. */
export const DEFAULT_EXPIRY_REMINDER_DAYS = [90, 30, 7] as const;
/** Days without an import after which the admins hear of a bank, unless an admin sets others. */
export const DEFAULT_IMPORT_SILENCE_DAYS = 7;
/**
 * A bank's employees hear of a request still unanswered after the first of these hours, and again
 * (the escalation) after the second, unless an admin sets the bank's own.
 */
export const UNANSWERED_REQUEST_HOURS = [4, 24] as const;
/** The bank hears of a reservation this many hours before it lapses. */
export const LAPSING_RESERVATION_BANK_HOURS = [4] as const;
/** The physician hears of a reservation's deadline this many hours before it. */
export const RESERVATION_DEADLINE_PHYSICIAN_HOURS = [4, 1] as const;
/** A delivered graft with no implantation or return: the physician hears of it after this many days... */
export const UNREPORTED_DELIVERY_FIRST_DAYS = 14;
/** ...and then again every this many days. */
export const UNREPORTED_DELIVERY_EVERY_DAYS = 7;
/** A mail still not delivered after this many minutes is reported to the admins. */
export const FAILING_MAIL_MINUTES = 60;

/** Limits of a bank's settings, as admins set them. */
export const MAX_EXPIRY_REMINDER_DAYS = 730;
export const MAX_EXPIRY_REMINDERS = 5;
export const MAX_IMPORT_SILENCE_DAYS = 365;
export const MIN_UNANSWERED_REQUEST_HOURS = 1;
export const MAX_UNANSWERED_REQUEST_HOURS = 168;

/** When a bank's employees hear of an unanswered request: reminded, then escalated (hours after it came). */
export interface UnansweredRequestHours {
  remind: number;
  escalate: number;
}

/** A bank's hours as stored; a bank that has none set (either null) has the defaults. */
export function unansweredRequestHours(stored: {
  remind: number | null;
  escalate: number | null;
}): UnansweredRequestHours {
  const [remind, escalate] = UNANSWERED_REQUEST_HOURS;
  return stored.remind === null || stored.escalate === null
    ? { remind, escalate }
    : { remind: stored.remind, escalate: stored.escalate };
}

/**
 * What is wrong with the hours an admin set, by field (`unansweredRequestHours.remind`, `.escalate`):
 * each a whole number of hours within the bounds, the escalation after the reminder.
 */
export function unansweredRequestHoursErrors(hours: { remind: unknown; escalate: unknown }): WordedFieldError[] {
  const field = (name: keyof UnansweredRequestHours) => `unansweredRequestHours.${name}`;
  const bounds = { min: MIN_UNANSWERED_REQUEST_HOURS, max: MAX_UNANSWERED_REQUEST_HOURS };
  const outOfBounds = (['remind', 'escalate'] as const).filter((name) => {
    const value = hours[name];
    return !Number.isInteger(value) || (value as number) < bounds.min || (value as number) > bounds.max;
  });
  if (outOfBounds.length > 0) {
    return outOfBounds.map((name) => wordedFieldError(field(name), { key: 'validation.between', params: bounds }));
  }
  return (hours.escalate as number) > (hours.remind as number)
    ? []
    : [wordedFieldError(field('escalate'), { key: 'validation.escalateAfterRemind' })];
}

/**
 * What an admin typed as expiry thresholds ("90, 30, 7"): whole days from 1 to the maximum, one
 * to five, none twice, answered largest first; null when anything in it is not such a day.
 */
export function readReminderDaysInput(text: string): number[] | null {
  const parts = text.split(/[\s,;]+/).filter(Boolean);
  const days = parts.map(Number);
  const valid =
    parts.length >= 1 &&
    parts.length <= MAX_EXPIRY_REMINDERS &&
    parts.every((part) => /^\d+$/.test(part)) &&
    days.every((day) => day >= 1 && day <= MAX_EXPIRY_REMINDER_DAYS) &&
    new Set(days).size === days.length;
  return valid ? days.sort((a, b) => b - a) : null;
}

/** The thresholds of a bank's setting ("90,30,7"): whole days above zero, largest first, no repeats. */
export function parseReminderDays(text: string): number[] {
  const days = text
    .split(',')
    .map((part) => Number(part.trim()))
    .filter((day) => Number.isInteger(day) && day > 0);
  return [...new Set(days)].sort((a, b) => b - a);
}

/**
 * A countdown (time left before an event): the nearest threshold at or above `left`, or null
 * while `left` is above every threshold or the event has passed (`left` <= 0).
 */
export function countdownThreshold(left: number, thresholds: readonly number[]): number | null {
  if (left <= 0) {
    return null;
  }
  const crossed = thresholds.filter((threshold) => left <= threshold);
  return crossed.length === 0 ? null : Math.min(...crossed);
}

/** Time passed since an event: the largest threshold it has reached, or null before the first. */
export function elapsedThreshold(elapsed: number, thresholds: readonly number[]): number | null {
  const reached = thresholds.filter((threshold) => elapsed >= threshold);
  return reached.length === 0 ? null : Math.max(...reached);
}

/** A reminder after `first` days and then every `every` days: which one is due (0, 1, ...), or null before the first. */
export function repeatingReminder(elapsedDays: number, first: number, every: number): number | null {
  return elapsedDays < first ? null : Math.floor((elapsedDays - first) / every);
}
