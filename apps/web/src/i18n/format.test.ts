import { afterEach, describe, expect, it } from 'vitest';
import '../test/render';
import { changeLanguage } from '.';
import {
  notDocumented,
  orNotDocumented,
  showDate,
  showDateTime,
  showDays,
  showMillimetreOffset,
  showMillimetreRange,
  showMillimetres,
  showNumber,
  showPatientCode,
  showAge,
  showTimeLeft,
} from './format';

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

describe('numbers, sizes and durations in the reader’s language', () => {
  it('writes sizes with a decimal point in English and a decimal comma in German', async () => {
    expect(showNumber(21.5)).toBe('21.5');
    expect(showMillimetres(21.5)).toBe('21.5 mm');
    expect(showMillimetres(22)).toBe('22 mm');
    expect(showMillimetres(23.456)).toBe('23.5 mm');
    expect(showMillimetreRange(20.5, 22)).toBe('20.5–22 mm');
    expect(showMillimetreRange(22, 22)).toBe('22 mm');
    expect(showMillimetreRange(null, 40)).toBe('n.d.–40 mm');
    expect(showMillimetreRange(null, null)).toBe('n.d.');
    expect(showMillimetreOffset(0.5)).toBe('+0.5 mm');
    expect(showMillimetreOffset(-1)).toBe('−1 mm');
    expect(showMillimetreOffset(0)).toBe('±0 mm');
    expect(showMillimetres(null)).toBe('n.d.');
    await changeLanguage('de');
    expect(showNumber(21.5)).toBe('21,5');
    expect(showMillimetres(21.5)).toBe('21,5 mm');
    expect(showMillimetreRange(20.5, 22)).toBe('20,5–22 mm');
    expect(showMillimetreOffset(-0.5)).toBe('−0,5 mm');
    expect(showMillimetres(undefined)).toBe('k. A.');
  });

  it('writes days and time left in words, never "T"', async () => {
    expect(showDays(1)).toBe('1 day');
    expect(showDays(3)).toBe('3 days');
    expect(showTimeLeft({ days: 2, hours: 5, minutes: 10 })).toBe('2 days 5 hr');
    expect(showTimeLeft({ days: 0, hours: 5, minutes: 0 })).toBe('5 hr 0 min');
    await changeLanguage('de');
    expect(showDays(1)).toBe('1 Tag');
    expect(showDays(3)).toBe('3 Tage');
    expect(showTimeLeft({ days: 2, hours: 5, minutes: 10 })).toBe('2 Tage, 5 Std.');
    expect(showTimeLeft({ days: 0, hours: 1, minutes: 30 })).toBe('1 Std., 30 Min.');
  });

  it('says how long ago a request came: minutes, hours within two days, then days', async () => {
    const now = new Date('2026-12-02T12:00:00Z');
    expect(showAge('2026-12-02T11:55:00Z', now)).toBe('5 min. ago');
    expect(showAge('2026-12-01T09:00:00Z', now)).toBe('27 hr. ago');
    expect(showAge('2026-11-28T12:00:00Z', now)).toBe('4 days ago');
    await changeLanguage('de');
    expect(showAge('2026-12-01T09:00:00Z', now)).toBe('vor 27 Std.');
    expect(showAge('2026-11-28T12:00:00Z', now)).toBe('vor 4 Tagen');
  });
});
