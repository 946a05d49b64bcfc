/** Shown wherever a date or other value is missing (spec §9). */
export const NOT_DOCUMENTED = 'n.d.';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
// Only ISO date-times are read; locale formats like 03/04/2021 are ambiguous, so they count as missing.
const ISO_DATE_TIME_START = /^\d{4}-\d{2}-\d{2}T/;

/** True for a real calendar date written `yyyy-mm-dd` (so 2021-02-30 is not one). */
export function isIsoDate(value: unknown): value is string {
  if (typeof value !== 'string') {
    return false;
  }
  const match = ISO_DATE.exec(value);
  if (!match) {
    return false;
  }
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Milliseconds in a day: UTC days, which have no leap seconds in JavaScript. */
export const DAY_MS = 86_400_000;

const lastDate = { day: Number.NaN, text: '' };

/**
 * The UTC calendar date of an instant, `yyyy-mm-dd`: "today" for expiry and implant windows. The
 * last day's text is kept: the server asks for today on every cached list request.
 */
export function utcDate(instant: Date): string {
  const day = Math.floor(instant.getTime() / DAY_MS);
  if (day !== lastDate.day) {
    lastDate.text = instant.toISOString().slice(0, 10);
    lastDate.day = day;
  }
  return lastDate.text;
}

/** The end of the UTC day an instant (ms since the epoch) falls in: the first millisecond of the next. */
export const endOfUtcDayMs = (ms: number): number => (Math.floor(ms / DAY_MS) + 1) * DAY_MS;

function parseInstant(value: string | Date): Date | null {
  const date = typeof value === 'string' ? (ISO_DATE_TIME_START.test(value) ? new Date(value) : null) : value;
  return date && !Number.isNaN(date.getTime()) ? date : null;
}

/**
 * The calendar date of a value as `yyyy-mm-dd`, or null when there is none. Instants (Date objects,
 * ISO date-times) give their UTC date, since every date-time in the system is UTC.
 */
export function toIsoDate(value: string | Date | null | undefined): string | null {
  if (value === null || value === undefined) {
    return null;
  }
  if (isIsoDate(value)) {
    return value;
  }
  const date = parseInstant(value);
  const text = date ? utcDate(date) : undefined;
  return isIsoDate(text) ? text : null;
}

/** A date for display: `yyyy-mm-dd`, or `n.d.` when missing or unreadable. */
export function formatDate(value: string | Date | null | undefined): string {
  return toIsoDate(value) ?? NOT_DOCUMENTED;
}

/**
 * A date-time for display and the wire: ISO 8601 in UTC to the second with the `Z` suffix
 * (`2021-03-14T09:30:00Z`), or `n.d.` when missing or unreadable.
 */
export function formatDateTime(value: string | Date | null | undefined): string {
  if (value === null || value === undefined) {
    return NOT_DOCUMENTED;
  }
  const date = parseInstant(value);
  return date ? `${date.toISOString().slice(0, 19)}Z` : NOT_DOCUMENTED;
}

/** An instant some minutes later (negative for earlier). */
export const addMinutes = (instant: Date, minutes: number): Date => new Date(instant.getTime() + minutes * 60_000);

/** An instant some days of 24 hours later (negative for earlier). */
export const addDays = (instant: Date, days: number): Date => new Date(instant.getTime() + days * DAY_MS);

/** A date `yyyy-mm-dd` some calendar days later (negative for earlier). */
export function shiftDate(date: string, days: number): string {
  return utcDate(addDays(new Date(`${date}T00:00:00.000Z`), days));
}
