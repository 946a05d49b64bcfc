import { afterEach, describe, expect, it } from 'vitest';
import '../test/render';
import { changeLanguage } from '.';
import { notDocumented, orNotDocumented, showDate, showDateTime, showPatientCode } from './format';

// The browser's zone is the reader's; Node's Intl follows TZ when it changes, as a browser follows its system's.
const zoneBefore = process.env.TZ;
const readIn = (zone: string) => {
  process.env.TZ = zone;
};

afterEach(async () => {
  process.env.TZ = zoneBefore;
  await changeLanguage('en');
});

describe('the one date format of the web app', () => {
  it('shows dates as yyyy-mm-dd, an instant by its day in the reader’s zone', () => {
    readIn('UTC');
    expect(showDate('2026-11-28')).toBe('2026-11-28');
    expect(showDate('2026-11-28T23:30:00Z')).toBe('2026-11-28');
    expect(showDate(new Date(Date.UTC(2026, 0, 5, 1, 2)))).toBe('2026-01-05');
    readIn('Europe/Berlin');
    expect(showDate('2026-11-28')).toBe('2026-11-28');
    expect(showDate('2026-11-28T23:30:00Z')).toBe('2026-11-29');
  });

  it('shows date-times as yyyy-mm-dd HH:mm in the reader’s zone, the zone named, never the browser’s locale format', async () => {
    readIn('UTC');
    expect(showDateTime('2026-11-28T13:22:16.000Z')).toBe('2026-11-28 13:22 UTC');
    expect(showDateTime('2026-11-28T14:22:16+01:00')).toBe('2026-11-28 13:22 UTC');
    expect(showDateTime(new Date(Date.UTC(2026, 10, 28, 13, 22, 59)))).toBe('2026-11-28 13:22 UTC');
    expect(showDateTime('2026-11-28T13:22:16.000Z')).not.toContain('/');

    // The deadline the issue saw as "2026-12-03 22:15 UTC", as a reader in Berlin and in New York sees it.
    readIn('Europe/Berlin');
    expect(showDateTime('2026-12-03T22:15:00Z')).toBe('2026-12-03 23:15 CET');
    expect(showDateTime('2026-07-01T22:30:00Z')).toBe('2026-07-02 00:30 CEST');
    await changeLanguage('de');
    expect(showDateTime('2026-12-03T22:15:00Z')).toBe('2026-12-03 23:15 MEZ');
    readIn('America/New_York');
    await changeLanguage('en');
    expect(showDateTime('2026-12-03T22:15:00Z')).toBe('2026-12-03 17:15 EST');
  });

  it('shows a missing or unreadable value as n.d., “k. A.” in German', async () => {
    for (const missing of [null, undefined, '', 'not a date', '11/28/2026']) {
      expect(showDate(missing)).toBe('n.d.');
    }
    expect(showDateTime(null)).toBe('n.d.');
    expect(showDateTime('yesterday')).toBe('n.d.');
    await changeLanguage('de');
    expect(notDocumented()).toBe('k. A.');
    expect(showDate(null)).toBe('k. A.');
    expect(showDateTime(undefined)).toBe('k. A.');
    expect(orNotDocumented('  ')).toBe('k. A.');
    expect(orNotDocumented('Nord')).toBe('Nord');
  });

  it('shows a complete patient code as it is and an incomplete one as n.d. in the reader’s language', async () => {
    expect(showPatientCode('A-03-2021')).toBe('A-03-2021');
    expect(showPatientCode({ initial: 'K', month: null, year: 2017 })).toBe('n.d.');
    await changeLanguage('de');
    expect(showPatientCode('K-00-2017')).toBe('k. A.');
    expect(showPatientCode({ initial: 'B', month: 4, year: 2024 })).toBe('B-04-2024');
  });
});
