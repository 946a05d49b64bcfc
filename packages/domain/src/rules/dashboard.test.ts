import { describe, expect, it } from 'vitest';
import { GraftType } from '../constants/graft-types';
import {
  demandDiameter,
  diameterBand,
  entryAttention,
  expiryUrgency,
  importIsStale,
  isLapsing,
  quickSearchQuery,
  requestAge,
  shortagesFirst,
  stockDemandState,
  trendMonths,
} from './dashboard';
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

describe('isLapsing', () => {
  const now = new Date('2026-11-27T12:00:00.000Z');
  it('holds for a reservation ending within 24 hours or already past, not later and not for other states', () => {
    expect(isLapsing({ state: 'reserved', deadline: '2026-11-28T12:00:00.000Z' }, now)).toBe(true);
    expect(isLapsing({ state: 'reserved', deadline: '2026-11-27T11:00:00.000Z' }, now)).toBe(true);
    expect(isLapsing({ state: 'reserved', deadline: '2026-11-28T12:00:01.000Z' }, now)).toBe(false);
    expect(isLapsing({ state: 'reserved', deadline: null }, now)).toBe(false);
    expect(isLapsing({ state: 'requested', deadline: '2026-11-27T13:00:00.000Z' }, now)).toBe(false);
  });
});

describe('entryAttention', () => {
  const today = '2026-11-27';
  const horizon = '2026-12-11';
  it('names a passed window first, then matches, then a window opening by the horizon with nothing fitting', () => {
    expect(entryAttention({ from: '2026-10-01', until: '2026-11-26', fitting: 3 }, today, horizon)).toBe('passed');
    expect(entryAttention({ from: '2026-10-01', until: '2026-11-27', fitting: 3 }, today, horizon)).toBe('matches');
    expect(entryAttention({ from: '2026-12-11', until: '2027-01-01', fitting: 0 }, today, horizon)).toBe('atRisk');
    expect(entryAttention({ from: '2026-12-12', until: '2027-01-01', fitting: 0 }, today, horizon)).toBeNull();
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

describe('expiryUrgency', () => {
  it('flags a graft expiring within 30 days, today and the 30th day included, and one within 90 days apart', () => {
    const today = '2026-12-02';
    expect(expiryUrgency('2026-12-02', today)).toBe('within30');
    expect(expiryUrgency('2026-12-21', today)).toBe('within30');
    expect(expiryUrgency('2027-01-01', today)).toBe('within30');
    expect(expiryUrgency('2027-01-02', today)).toBe('within90');
    expect(expiryUrgency('2027-03-02', today)).toBe('within90');
    expect(expiryUrgency('2027-03-03', today)).toBeNull();
  });

  it('flags nothing for an unknown expiry', () => {
    expect(expiryUrgency(null, '2026-12-02')).toBeNull();
  });
});

describe('stock against demand at a glance', () => {
  it('calls a cell short when more is wanted than is free, covered when the stock meets it', () => {
    expect(stockDemandState({ stock: 0, demand: 2 })).toBe('short');
    expect(stockDemandState({ stock: 1, demand: 2 })).toBe('short');
    expect(stockDemandState({ stock: 2, demand: 2 })).toBe('covered');
    expect(stockDemandState({ stock: 3, demand: 0 })).toBe('stockOnly');
    expect(stockDemandState({ stock: 0, demand: 0 })).toBe('empty');
  });

  it('lists the shortages alone, the largest gap first, then by type and band', () => {
    const cells = [
      { type: 2, band: 20, stock: 1, demand: 2 },
      { type: 1, band: 25, stock: 0, demand: 3 },
      { type: 1, band: 20, stock: 5, demand: 1 },
      { type: 1, band: null, stock: 0, demand: 1 },
      { type: 1, band: 15, stock: 0, demand: 1 },
    ];
    expect(shortagesFirst(cells).map((cell) => [cell.type, cell.band])).toEqual([
      [1, 25],
      [1, 15],
      [1, null],
      [2, 20],
    ]);
  });
});
