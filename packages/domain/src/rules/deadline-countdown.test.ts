import { describe, expect, it } from 'vitest';
import { deadlineCountdown, formatInstantUtc } from './deadline-countdown';

const now = new Date('2026-11-27T10:00:00.000Z');
const later = (ms: number) => new Date(now.getTime() + ms).toISOString();
const HOUR = 3_600_000;

describe('deadline countdown', () => {
  it('is normal from 12 hours on, amber under 12 hours, red under 2 hours', () => {
    expect(deadlineCountdown(later(12 * HOUR), now).urgency).toBe('normal');
    expect(deadlineCountdown(later(12 * HOUR - 1), now).urgency).toBe('soon');
    expect(deadlineCountdown(later(2 * HOUR), now).urgency).toBe('soon');
    expect(deadlineCountdown(later(2 * HOUR - 1), now).urgency).toBe('urgent');
  });

  it('has passed at the deadline itself and after it', () => {
    expect(deadlineCountdown(later(0), now)).toEqual({ urgency: 'passed', days: 0, hours: 0, minutes: 0 });
    expect(deadlineCountdown(later(-HOUR), now).urgency).toBe('passed');
  });

  it('counts days, hours and minutes left, rounding the minutes up', () => {
    expect(deadlineCountdown(later(26 * HOUR + 5 * 60_000), now)).toMatchObject({ days: 1, hours: 2, minutes: 5 });
    expect(deadlineCountdown(later(30_000), now)).toMatchObject({ days: 0, hours: 0, minutes: 1 });
    expect(deadlineCountdown(later(HOUR - 1), now)).toMatchObject({ hours: 1, minutes: 0 });
  });
});

describe('instants shown in UTC', () => {
  it('writes the date as the app does, the time to the minute, and the zone', () => {
    expect(formatInstantUtc('2026-11-28T13:22:16.000Z')).toBe('2026-11-28 13:22 UTC');
    expect(formatInstantUtc('not a date')).toBe('n.d.');
  });
});
