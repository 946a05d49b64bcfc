import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMinutes,
  endOfUtcDayMs,
  formatDate,
  formatDateTime,
  isIsoDate,
  shiftDate,
  toIsoDate,
  utcDate,
} from './dates';

describe('isIsoDate', () => {
  it('accepts real calendar dates, leap days included', () => {
    expect(isIsoDate('2021-03-14')).toBe(true);
    expect(isIsoDate('2024-02-29')).toBe(true);
  });

  it('refuses days that do not exist and other shapes', () => {
    expect(isIsoDate('2023-02-29')).toBe(false);
    expect(isIsoDate('2021-04-31')).toBe(false);
    expect(isIsoDate('2021-13-01')).toBe(false);
    expect(isIsoDate('2021-3-14')).toBe(false);
    expect(isIsoDate('14.03.2021')).toBe(false);
    expect(isIsoDate('2021-03-14T00:00:00Z')).toBe(false);
    expect(isIsoDate(20210314)).toBe(false);
  });
});

describe('formatDate', () => {
  it('shows a stored date as it is', () => {
    expect(formatDate('2021-03-14')).toBe('2021-03-14');
  });

  it('shows the UTC day of an instant, even late in the evening in Berlin', () => {
    expect(formatDate('2021-03-14T23:30:00+01:00')).toBe('2021-03-14');
    expect(formatDate('2021-03-15T00:30:00+02:00')).toBe('2021-03-14');
    expect(formatDate(new Date(Date.UTC(2021, 2, 14, 12)))).toBe('2021-03-14');
  });

  it('shows n.d. for a missing, impossible or unreadable date', () => {
    expect(formatDate(null)).toBe('n.d.');
    expect(formatDate(undefined)).toBe('n.d.');
    expect(formatDate('')).toBe('n.d.');
    expect(formatDate('2021-02-30')).toBe('n.d.');
    expect(formatDate('03/14/2021')).toBe('n.d.');
    expect(formatDate(new Date(Number.NaN))).toBe('n.d.');
  });

  it('gives the same day through toIsoDate, or null', () => {
    expect(toIsoDate('2021-03-14T10:00:00Z')).toBe('2021-03-14');
    expect(toIsoDate('nonsense')).toBeNull();
  });
});

describe('formatDateTime', () => {
  it('writes an instant in UTC to the second with a Z', () => {
    expect(formatDateTime('2021-03-14T10:30:15.123+01:00')).toBe('2021-03-14T09:30:15Z');
    expect(formatDateTime(new Date(Date.UTC(2021, 0, 2, 3, 4, 5)))).toBe('2021-01-02T03:04:05Z');
  });

  it('shows n.d. when there is no instant', () => {
    expect(formatDateTime(null)).toBe('n.d.');
    expect(formatDateTime('yesterday')).toBe('n.d.');
  });
});

describe('utcDate', () => {
  it('gives the UTC day, not the local one, around midnight', () => {
    expect(utcDate(new Date('2021-03-14T23:59:59.999Z'))).toBe('2021-03-14');
    expect(utcDate(new Date('2021-03-15T00:30:00+01:00'))).toBe('2021-03-14');
    expect(utcDate(new Date('2024-02-29T12:00:00Z'))).toBe('2024-02-29');
  });

  it('follows the instant asked for, to the next day, back, and before 1970', () => {
    expect(utcDate(new Date('2026-11-25T23:59:59.999Z'))).toBe('2026-11-25');
    expect(utcDate(new Date('2026-11-26T00:00:00.000Z'))).toBe('2026-11-26');
    expect(utcDate(new Date('2026-11-25T12:00:00Z'))).toBe('2026-11-25');
    expect(utcDate(new Date('1969-12-31T23:00:00Z'))).toBe('1969-12-31');
    expect(() => utcDate(new Date('not a date'))).toThrow(RangeError);
  });
});

describe('endOfUtcDayMs', () => {
  it('ends a day at the next midnight UTC', () => {
    expect(new Date(endOfUtcDayMs(Date.parse('2026-11-25T23:59:59.999Z'))).toISOString()).toBe(
      '2026-11-26T00:00:00.000Z',
    );
    expect(new Date(endOfUtcDayMs(Date.parse('2026-11-26T00:00:00.000Z'))).toISOString()).toBe(
      '2026-11-27T00:00:00.000Z',
    );
  });
});

describe('shiftDate', () => {
  it('crosses month, leap-day and year boundaries', () => {
    expect(shiftDate('2028-02-28', 1)).toBe('2028-02-29');
    expect(shiftDate('2026-12-31', 1)).toBe('2027-01-01');
    expect(shiftDate('2026-03-01', -1)).toBe('2026-02-28');
  });
});

describe('addDays and addMinutes', () => {
  it('move an instant by whole days of 24 hours and by minutes, either way', () => {
    const at = new Date('2026-03-28T23:30:00.000Z');
    expect(addDays(at, 1).toISOString()).toBe('2026-03-29T23:30:00.000Z');
    expect(addDays(at, -14).toISOString()).toBe('2026-03-14T23:30:00.000Z');
    expect(addMinutes(at, 45).toISOString()).toBe('2026-03-29T00:15:00.000Z');
  });
});
