import type { GraftSearchQuery } from '../schemas/graft-search';
import type { GraftSort } from '../schemas/sorting';
import { toIsoDate } from './dates';
import type { RankableGraft } from './graft-matching';

const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

type Key = (graft: RankableGraft) => string | number | null;
const KEYS: Record<'expiry' | 'size', Key> = {
  expiry: (graft) => toIsoDate(graft.expiry.outValue),
  size: (graft) => graft.t_Dproximal,
};

/** Unknown values last whatever the direction; `direction` is 1 or -1. */
function compareKey(key: Key, direction: number) {
  return (a: RankableGraft, b: RankableGraft): number => {
    const [left, right] = [key(a), key(b)];
    if (left === null || right === null) {
      return left === right ? 0 : left === null ? 1 : -1;
    }
    return direction * (typeof left === 'number' ? left - (right as number) : byCodeUnits(left, right as string));
  };
}

/**
 * A graft list in an asked-for order (docs/api.md "Lists"): the sort's key in its direction, then
 * the other key ascending, each with unknown values last, then `e_Lot` in code-unit order, as the
 * SQL of the paged lists orders them.
 */
export function compareGraftsBy(sort: GraftSort): (a: RankableGraft, b: RankableGraft) => number {
  const name = sort.endsWith('size') ? 'size' : 'expiry';
  const first = compareKey(KEYS[name], sort.startsWith('-') ? -1 : 1);
  const second = compareKey(KEYS[name === 'size' ? 'expiry' : 'size'], 1);
  return (a, b) => first(a, b) || second(a, b) || byCodeUnits(a.e_Lot, b.e_Lot);
}

/**
 * How far a graft's proximal diameter is from the middle of a search's range, in millimetres
 * (negative: smaller); null when the diameter is unknown. The search ranks by its size.
 */
export function diameterOffset(
  graft: Pick<RankableGraft, 't_Dproximal'>,
  query: Pick<GraftSearchQuery, 'query_d_min' | 'query_d_max'>,
): number | null {
  if (graft.t_Dproximal === null) {
    return null;
  }
  // Rounded to tenths: sizes are given to a tenth, and floating point would show 0.30000000000000004.
  return Math.round((graft.t_Dproximal - (query.query_d_min + query.query_d_max) / 2) * 10) / 10;
}
