import { describe, expect, it } from 'vitest';
import { createSpanRule, typedDiameter } from './diameterSlider';

describe('diameter slider span rule', () => {
  it('lets the upper handle follow a fast drag of the lower one, although the slider reports a stale upper value', () => {
    const rule = createSpanRule([18, 26]);
    // The slider keeps reporting 26 for the upper thumb until it re-syncs with the value we set.
    expect(rule.change([15, 26])).toEqual([15, 25]);
    expect(rule.change([12, 26])).toEqual([12, 22]);
    expect(rule.change([10, 26])).toEqual([10, 20]);
    // Moving back up keeps the span the rule left, instead of jumping back to the stale 26.
    expect(rule.change([13, 26])).toEqual([13, 20]);
  });

  it('lets the lower handle follow the upper one', () => {
    const rule = createSpanRule([5, 15]);
    expect(rule.change([5, 20])).toEqual([10, 20]);
    expect(rule.change([10, 21])).toEqual([11, 21]);
  });

  it('starts over from a value set from outside', () => {
    const rule = createSpanRule([5, 15]);
    rule.change([5, 20]);
    rule.sync([30, 35]);
    expect(rule.change([25, 35])).toEqual([25, 35]);
    expect(rule.change([20, 35])).toEqual([20, 30]);
  });
});

describe('a typed diameter', () => {
  it('lets the other end follow when the typed one widens the span past 10 or passes it', () => {
    expect(typedDiameter([5, 15], 1, 23)).toEqual([13, 23]);
    expect(typedDiameter([13, 23], 0, 21)).toEqual([21, 23]);
    expect(typedDiameter([20, 24], 0, 30)).toEqual([30, 30]);
    expect(typedDiameter([20, 24], 1, 18)).toEqual([18, 18]);
  });

  it('leaves the other end alone within the span', () => {
    expect(typedDiameter([20, 24], 0, 22.5)).toEqual([22.5, 24]);
    expect(typedDiameter([20, 24], 1, 29)).toEqual([20, 29]);
  });
});
