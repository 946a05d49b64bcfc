import { describe, expect, it } from 'vitest';
import { GraftType } from '../constants/graft-types';
import { demandDiameter, diameterBand, importIsStale, quickSearchQuery, requestAge, trendMonths } from './dashboard';
import { validateSearchQuery } from './search-validation';

describe('diameterBand', () => {
  it('names the 5 mm band by its lower bound, the bound itself belonging to the band above', () => {
    expect(diameterBand(20)).toBe(20);
    expect(diameterBand(24.9)).toBe(20);
    expect(diameterBand(25)).toBe(25);
    expect(diameterBand(3)).toBe(0);
  });

  it('has no band for an unknown diameter', () => {
    expect(diameterBand(null)).toBeNull();
  });

  it('bands demand by the middle of its range', () => {
    expect(diameterBand(demandDiameter({ min: 18, max: 24 }))).toBe(20);
  });
});

describe('requestAge', () => {
  const now = new Date('2026-11-27T12:00:00.000Z');
  it('splits at one and at three days', () => {
    expect(requestAge('2026-11-26T12:00:01.000Z', now)).toBe('day');
    expect(requestAge('2026-11-26T12:00:00.000Z', now)).toBe('days');
    expect(requestAge('2026-11-24T12:00:01.000Z', now)).toBe('days');
    expect(requestAge('2026-11-24T12:00:00.000Z', now)).toBe('older');
  });
});

describe('importIsStale', () => {
  const now = new Date('2026-11-27T12:00:00.000Z');
  it('is stale without an import and after seven days, not on the seventh', () => {
    expect(importIsStale(null, now)).toBe(true);
    expect(importIsStale('2026-11-20T12:00:00.000Z', now)).toBe(false);
    expect(importIsStale('2026-11-20T11:59:59.000Z', now)).toBe(true);
    expect(importIsStale('2026-11-26T12:00:00.000Z', now, 1)).toBe(false);
  });
});

describe('trendMonths', () => {
  it('twelve months ending today, each read at its last day, across a year and a leap February', () => {
    const months = trendMonths('2028-03-15');
    expect(months).toHaveLength(12);
    expect(months[0]).toEqual({ month: '2027-04', asOf: '2027-04-30' });
    expect(months[9]).toEqual({ month: '2028-01', asOf: '2028-01-31' });
    expect(months[10]).toEqual({ month: '2028-02', asOf: '2028-02-29' });
    expect(months[11]).toEqual({ month: '2028-03', asOf: '2028-03-15' });
  });
});

describe('quickSearchQuery', () => {
  it('the diameter ± 2 mm within the bounds, the length given or the default, no branches', () => {
    expect(quickSearchQuery(GraftType.AorticValve, 22, 40)).toEqual({
      query_type: GraftType.AorticValve,
      query_d_min: 20,
      query_d_max: 24,
      query_l_min: 40,
      query_l_l_min: 0,
      query_l_r_min: 0,
    });
    expect(quickSearchQuery(GraftType.AorticValve, 6)).toMatchObject({
      query_d_min: 5,
      query_d_max: 8,
      query_l_min: 10,
    });
    expect(quickSearchQuery(GraftType.AorticValve, 49.5)).toMatchObject({ query_d_min: 47.5, query_d_max: 50 });
    expect(validateSearchQuery(quickSearchQuery(GraftType.PulmonaryValveNoBifurcation, 30, 120))).toEqual([]);
  });
});
