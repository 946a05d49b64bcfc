import { describe, expect, it } from 'vitest';
import type { Outcomes, OutcomeSummary } from '@graftmatch/domain';
import { chartPoints, estimateWords, outcomeRows, percent } from './outcomeView';

const summary = (grafts: number): OutcomeSummary => ({
  grafts,
  followUpsDue: 0,
  followUpsRecorded: 0,
  completeness: null,
  explantsOrReinterventions: 0,
  explants: 0,
  deaths: 0,
  horizons: [],
});
const curves = { freedom: [], explant: [] };

describe('the quality view in words', () => {
  it('lists all types first, then each type followed by its bands', () => {
    const outcomes: Outcomes = {
      asOf: '2026-12-05',
      from: null,
      to: null,
      type: null,
      bank: null,
      bandWidth: 5,
      all: { ...summary(5), curves },
      types: [
        { type: 1, ...summary(2), curves, bands: [{ band: 15, ...summary(2) }] },
        {
          type: 5,
          ...summary(3),
          curves,
          bands: [
            { band: 20, ...summary(2) },
            { band: null, ...summary(1) },
          ],
        },
      ],
    };
    expect(outcomeRows(outcomes).map((row) => [row.key, row.type, row.band, row.summary.grafts])).toEqual([
      ['all', null, 'all', 5],
      ['1', 1, 'all', 2],
      ['1:15', 1, 15, 2],
      ['5', 5, 'all', 3],
      ['5:20', 5, 20, 2],
      ['5:null', 5, null, 1],
    ]);
  });

  it('words an estimate with its limits in the reader’s language, and without limits where it has none', () => {
    const estimate = { value: 0.975, lower: 0.9312, upper: 0.99 };
    expect(estimateWords(estimate, 'en')).toBe('97.5% (93.1%–99.0%)');
    // German puts a no-break space before the percent sign.
    expect(estimateWords(estimate, 'de')).toBe('97,5\u00a0% (93,1\u00a0%–99,0\u00a0%)');
    expect(estimateWords({ value: 0, lower: null, upper: null }, 'en')).toBe('0.0%');
    expect(estimateWords(null, 'en')).toBeNull();
    expect(percent(1, 'en')).toBe('100.0%');
  });

  it('draws each curve point at its years from implantation', () => {
    expect(
      chartPoints([
        { day: 0, value: 1, lower: 1, upper: 1 },
        { day: 730.5, value: 0.9, lower: 0.8, upper: 0.97 },
      ]),
    ).toEqual([
      { years: 0, estimate: 1, lower: 1, upper: 1 },
      { years: 2, estimate: 0.9, lower: 0.8, upper: 0.97 },
    ]);
  });
});
