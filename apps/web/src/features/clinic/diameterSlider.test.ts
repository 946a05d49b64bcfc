import { describe, expect, it } from 'vitest';
import { createSpanRule } from './diameterSlider';

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
