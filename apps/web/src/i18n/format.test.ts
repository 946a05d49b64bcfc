import { afterEach, describe, expect, it } from 'vitest';
import '../test/render';
import { changeLanguage } from '.';
import { notDocumented, orNotDocumented, showDate, showDateTime, showPatientCode } from './format';

afterEach(() => changeLanguage('en'));

describe('the one date format of the web app', () => {
  it('shows dates as yyyy-mm-dd, an instant by its UTC date', () => {
    expect(showDate('2026-11-28')).toBe('2026-11-28');
    expect(showDate('2026-11-28T23:30:00Z')).toBe('2026-11-28');
    expect(showDate(new Date(Date.UTC(2026, 0, 5, 1, 2)))).toBe('2026-01-05');
  });

  it('shows date-times as yyyy-mm-dd HH:mm in UTC, the zone named, never the browser’s locale format', () => {
    expect(showDateTime('2026-11-28T13:22:16.000Z')).toBe('2026-11-28 13:22 UTC');
    expect(showDateTime('2026-11-28T14:22:16+01:00')).toBe('2026-11-28 13:22 UTC');
    expect(showDateTime(new Date(Date.UTC(2026, 10, 28, 13, 22, 59)))).toBe('2026-11-28 13:22 UTC');
    expect(showDateTime('2026-11-28T13:22:16.000Z')).not.toContain('/');
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
