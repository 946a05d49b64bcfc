import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TIME_ZONE,
  formatInstantInZone,
  isTimeZone,
  localDay,
  supportedTimeZones,
  zoneAbbreviation,
} from './time-zones';

describe('localDay', () => {
  it('is already tomorrow in Berlin at 23:30 UTC, and still today in New York', () => {
    const late = new Date('2026-12-01T23:30:00Z');
    expect(localDay(late, 'Europe/Berlin')).toBe('2026-12-02');
    expect(localDay(late, 'America/New_York')).toBe('2026-12-01');
    expect(localDay(late, 'UTC')).toBe('2026-12-01');
  });

  it('turns at local midnight, in winter and in summer', () => {
    expect(localDay(new Date('2026-12-01T22:59:59Z'), 'Europe/Berlin')).toBe('2026-12-01');
    expect(localDay(new Date('2026-12-01T23:00:00Z'), 'Europe/Berlin')).toBe('2026-12-02');
    expect(localDay(new Date('2026-07-01T21:59:59Z'), 'Europe/Berlin')).toBe('2026-07-01');
    expect(localDay(new Date('2026-07-01T22:00:00Z'), 'Europe/Berlin')).toBe('2026-07-02');
  });

  it('keeps the year turn and zones ahead of UTC by more than half a day', () => {
    expect(localDay(new Date('2026-12-31T12:00:00Z'), 'Pacific/Kiritimati')).toBe('2027-01-01');
    expect(localDay(new Date('2027-01-01T02:00:00Z'), 'America/New_York')).toBe('2026-12-31');
  });

  it('refuses an unknown zone', () => {
    expect(() => localDay(new Date(), 'Mars/Olympus')).toThrow(RangeError);
  });
});

describe('isTimeZone', () => {
  it("accepts Intl's zones, UTC and the default", () => {
    expect(isTimeZone(DEFAULT_TIME_ZONE)).toBe(true);
    expect(isTimeZone('America/New_York')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(supportedTimeZones()).toContain('Asia/Tokyo');
  });

  it('refuses offsets, abbreviations, wrong case and other values', () => {
    for (const value of ['CET', '+01:00', 'europe/berlin', 'Mars/Olympus', '', null, 1]) {
      expect(isTimeZone(value)).toBe(false);
    }
  });
});

describe('formatInstantInZone', () => {
  it("shows a deadline in the reader's local time with the zone's abbreviation", () => {
    const deadline = '2026-12-03T22:15:00Z';
    expect(formatInstantInZone(deadline, 'Europe/Berlin', 'en')).toBe('2026-12-03 23:15 CET');
    expect(formatInstantInZone(deadline, 'Europe/Berlin', 'de')).toBe('2026-12-03 23:15 MEZ');
    expect(formatInstantInZone(deadline, 'America/New_York', 'en')).toBe('2026-12-03 17:15 EST');
    expect(formatInstantInZone(deadline, 'UTC', 'en')).toBe('2026-12-03 22:15 UTC');
  });

  it('crosses into the next local day and names summer time', () => {
    expect(formatInstantInZone('2026-07-01T22:30:00Z', 'Europe/Berlin', 'en')).toBe('2026-07-02 00:30 CEST');
    expect(formatInstantInZone('2026-07-01T22:30:00Z', 'Europe/Berlin', 'de')).toBe('2026-07-02 00:30 MESZ');
  });

  it('writes midnight as 00, never 24, and n.d. for an unreadable instant', () => {
    expect(formatInstantInZone('2026-12-01T23:00:00Z', 'Europe/Berlin', 'en')).toBe('2026-12-02 00:00 CET');
    expect(formatInstantInZone('nonsense', 'Europe/Berlin', 'en')).toBe('n.d.');
  });

  it('falls back to the offset where a zone has no common short name', () => {
    expect(zoneAbbreviation(new Date('2026-12-01T00:00:00Z'), 'Asia/Tokyo', 'en')).toMatch(/^(GMT\+9|JST)$/);
  });
});
