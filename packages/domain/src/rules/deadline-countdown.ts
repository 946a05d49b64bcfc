// How a reservation's deadline is shown (docs/decisions.md "Notifications"): the instant in UTC, the
// server's time zone, named as such; and what is left, amber under 12 hours, red under 2.

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

export type DeadlineUrgency = 'normal' | 'soon' | 'urgent' | 'passed';

/** Under this much time left a deadline is shown amber. */
export const DEADLINE_SOON_MS = 12 * HOUR_MS;
/** Under this much time left a deadline is shown red. */
export const DEADLINE_URGENT_MS = 2 * HOUR_MS;

export interface DeadlineCountdown {
  urgency: DeadlineUrgency;
  /** Whole days, hours and minutes left (0 once passed); minutes round up, so 30 s left is 1 min. */
  days: number;
  hours: number;
  minutes: number;
}

/** What is left of a deadline at `now`. */
export function deadlineCountdown(deadline: string | Date, now: Date): DeadlineCountdown {
  const left = new Date(deadline).getTime() - now.getTime();
  if (!(left > 0)) {
    return { urgency: 'passed', days: 0, hours: 0, minutes: 0 };
  }
  const totalMinutes = Math.ceil(left / MINUTE_MS);
  const urgency = left < DEADLINE_URGENT_MS ? 'urgent' : left < DEADLINE_SOON_MS ? 'soon' : 'normal';
  return {
    urgency,
    days: Math.floor(totalMinutes / (24 * 60)),
    hours: Math.floor((totalMinutes % (24 * 60)) / 60),
    minutes: totalMinutes % 60,
  };
}

/** An instant as the app shows it: `2026-11-28 13:22 UTC` (the date format of `formatDate`, with the time). */
export function formatInstantUtc(value: string | Date): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) {
    return 'n.d.';
  }
  const iso = date.toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}
