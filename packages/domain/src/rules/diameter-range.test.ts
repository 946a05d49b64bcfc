import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { adjustDiameterRange, exceedsDiameterSpan } from './diameter-range';
import { validateSearchQuery } from './search-validation';

const searchOf = ([low, high]: [number, number]) =>
  validateSearchQuery({
    query_type: 1,
    query_d_min: low,
    query_d_max: high,
    query_l_min: 10,
    query_l_l_min: 0,
    query_l_r_min: 0,
  });

describe('adjustDiameterRange', () => {
  it('leaves a range of at most 10 as the physician set it', () => {
    expect(adjustDiameterRange([5, 15], [8, 15])).toEqual([8, 15]);
    expect(adjustDiameterRange([5, 15], [5, 15])).toEqual([5, 15]);
  });

  it('pulls the lower handle up when the upper one is dragged too far', () => {
    expect(adjustDiameterRange([5, 15], [5, 28])).toEqual([18, 28]);
  });

  it('brings the upper handle down when the lower one is dragged too far away', () => {
    // The range is 20..30; then the lower handle goes down to 12, a span of 18.
    expect(adjustDiameterRange([20, 30], [12, 30])).toEqual([12, 22]);
  });

  it('keeps the middle when both handles changed at once', () => {
    expect(adjustDiameterRange([5, 15], [10, 40])).toEqual([20, 30]);
  });

  it('clamps to the slider before keeping the middle', () => {
    expect(adjustDiameterRange([20, 25], [39, 60])).toEqual([39.5, 49.5]);
  });

  it('treats an over-wide range that did not move as changed at both ends', () => {
    expect(adjustDiameterRange([5, 30], [5, 30])).toEqual([12.5, 22.5]);
  });

  it('clamps values beyond the slider and orders crossed handles', () => {
    expect(adjustDiameterRange([5, 15], [0, 12])).toEqual([5, 12]);
    expect(adjustDiameterRange([5, 15], [15, 8])).toEqual([8, 15]);
  });

  it('answers a range the search accepts when both ends were arbitrary decimals', () => {
    // Found by the property below: the middle of 5 and 26.351475727744397 plus 10 lies a
    // rounding error more than 10 above it.
    const [low, high] = adjustDiameterRange([0, 0], [0, 26.351475727744397]);
    expect(high - low).toBeCloseTo(10, 9);
    expect(exceedsDiameterSpan(low, high)).toBe(false);
    expect(searchOf([low, high])).toEqual([]);
  });

  it('always answers a range inside 5..50 spanning at most 10 that the search accepts, whatever comes in', () => {
    const value = fc.double({ min: -10, max: 70, noNaN: true });
    const range = fc.tuple(value, value);
    fc.assert(
      fc.property(range, range, (previous, next) => {
        const adjusted = adjustDiameterRange(previous, next);
        const [low, high] = adjusted;
        return low >= 5 && high <= 50 && low <= high && high - low < 10 + 1e-6 && searchOf(adjusted).length === 0;
      }),
    );
  });
});
