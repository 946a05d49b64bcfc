import { MAX_DIAMETER_SPAN, SEARCH_BOUNDS } from '../constants/search-bounds';

/** A diameter range slider's value: [lower, upper] in millimetres. */
export type DiameterRange = readonly [min: number, max: number];

const { min: LOWEST, max: HIGHEST } = SEARCH_BOUNDS.diameter;
const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

/**
 * Whether two diameters lie more than 10 apart (spec §5, §9). A range the slider rule makes
 * from arbitrary decimals can be 10 plus a rounding error of floating point (a nanometre is far
 * below any graft's tolerance), so both the rule and the search's validation use this one test.
 */
export function exceedsDiameterSpan(min: number, max: number): boolean {
  return max - min > MAX_DIAMETER_SPAN + 1e-9;
}

/**
 * The spec §5 slider rule: when a move makes the span exceed 10, the handle that was NOT just
 * moved follows, so the span is exactly 10. When both handles changed at once (a reset, a
 * programmatic set) or neither did, the middle is kept, since search results are ranked by
 * distance from it.
 * Values are clamped to 5..50 and put in order first.
 */
export function adjustDiameterRange(previous: DiameterRange, next: DiameterRange): [number, number] {
  const low = clamp(Math.min(next[0], next[1]), LOWEST, HIGHEST);
  const high = clamp(Math.max(next[0], next[1]), LOWEST, HIGHEST);
  if (!exceedsDiameterSpan(low, high)) {
    return [low, high];
  }
  const lowMoved = low !== previous[0];
  const highMoved = high !== previous[1];
  if (highMoved && !lowMoved) {
    return [high - MAX_DIAMETER_SPAN, high];
  }
  if (lowMoved && !highMoved) {
    return [low, low + MAX_DIAMETER_SPAN];
  }
  // Both ends lie in bounds and more than 10 apart, so a span of 10 around their middle does too.
  const lower = (low + high - MAX_DIAMETER_SPAN) / 2;
  return [lower, lower + MAX_DIAMETER_SPAN];
}
