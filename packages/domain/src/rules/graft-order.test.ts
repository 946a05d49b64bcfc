import { describe, expect, it } from 'vitest';
import { compareGraftsBy, diameterOffset } from './graft-order';

const graft = (e_Lot: string, t_Dproximal: number | null, expiry: string | null) => ({
  e_Lot,
  t_Dproximal,
  expiry: { outValue: expiry },
});
const grafts = [
  graft('D', 22, null),
  graft('B', 24, '2027-01-10'),
  graft('A', null, '2027-01-10'),
  graft('C', 20, '2026-12-01'),
  graft('E', 22, '2027-03-01'),
];
const lots = (sort: Parameters<typeof compareGraftsBy>[0]) =>
  [...grafts].sort(compareGraftsBy(sort)).map((one) => one.e_Lot);

describe('compareGraftsBy', () => {
  it('orders by expiry, unknown last, then by size with unknown last', () => {
    expect(lots('expiry')).toEqual(['C', 'B', 'A', 'E', 'D']);
  });
  it('keeps unknown expiry last when descending', () => {
    expect(lots('-expiry')).toEqual(['E', 'B', 'A', 'C', 'D']);
  });
  it('orders by size either way, unknown last, ties by expiry then lot', () => {
    expect(lots('size')).toEqual(['C', 'E', 'D', 'B', 'A']);
    expect(lots('-size')).toEqual(['B', 'E', 'D', 'C', 'A']);
  });
});

describe('diameterOffset', () => {
  const query = { query_d_min: 21, query_d_max: 23 };
  it('is the signed distance from the middle of the range, in tenths', () => {
    expect(diameterOffset({ t_Dproximal: 22 }, query)).toBe(0);
    expect(diameterOffset({ t_Dproximal: 22.3 }, query)).toBe(0.3);
    expect(diameterOffset({ t_Dproximal: 21 }, query)).toBe(-1);
  });
  it('is null without a diameter', () => {
    expect(diameterOffset({ t_Dproximal: null }, query)).toBeNull();
  });
});
