import type { Graft } from '../schemas/graft';
import type { GraftSearchQuery } from '../schemas/graft-search';
import type { WaitingListEntry } from '../schemas/waiting-list';
import { toIsoDate } from './dates';

/** What the search looks at on a graft. */
export type SearchableGraft = Pick<Graft, 't_ProdName_2' | 't_Dproximal' | 't_Lmax' | 't_Lleft' | 't_Lright'>;
/** What ranking and waiting-list matching also look at. */
export type RankableGraft = Pick<Graft, 't_Dproximal' | 'e_Lot'> & { expiry: { outValue: string | null } };

/**
 * Whether a graft's type and size fit a search (docs/decisions.md §6). Missing branch lengths count as 0,
 * so straight grafts pass the default branch minimum of 0; a missing diameter or total length
 * never matches, since the fit cannot be shown. The list status (Free) is the caller's filter.
 */
export function matchesSearch(graft: SearchableGraft, query: GraftSearchQuery): boolean {
  return fitsTypeAndSize(graft, query.query_type, query);
}

type SizeCriteria = Pick<
  GraftSearchQuery,
  'query_d_min' | 'query_d_max' | 'query_l_min' | 'query_l_l_min' | 'query_l_r_min'
>;

// The search's rule for a search and a waiting-list entry alike, without building a query object:
// an import matches hundreds of thousands of graft-entry pairs.
function fitsTypeAndSize(graft: SearchableGraft, type: number, sizes: SizeCriteria): boolean {
  const { t_Dproximal: diameter, t_Lmax: totalLength } = graft;
  return (
    graft.t_ProdName_2 === type &&
    diameter !== null &&
    diameter >= sizes.query_d_min &&
    diameter <= sizes.query_d_max &&
    totalLength !== null &&
    totalLength >= sizes.query_l_min &&
    (graft.t_Lleft ?? 0) >= sizes.query_l_l_min &&
    (graft.t_Lright ?? 0) >= sizes.query_l_r_min
  );
}

/** What a graft must fit of a waiting-list entry. */
export type EntryCriteria = Pick<
  WaitingListEntry,
  'query_Type' | 'query_d_min' | 'query_d_max' | 'query_l_min' | 'query_l_l_min' | 'query_l_r_min' | 'query_i_min'
>;

/**
 * Whether a graft fits a waiting-list entry (docs/decisions.md §6): it matches the entry's search and does
 * not expire before the implant window opens. A graft without a known expiry date fits. `expiry` is the
 * graft's expiry as `yyyy-mm-dd` (or null), for a caller that read it once for many entries.
 */
export function fitsWaitingListEntry(
  graft: SearchableGraft & Pick<RankableGraft, 'expiry'>,
  entry: EntryCriteria,
  expiry = toIsoDate(graft.expiry.outValue),
): boolean {
  return fitsTypeAndSize(graft, entry.query_Type, entry) && (expiry === null || expiry >= entry.query_i_min);
}

const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Order of search results (docs/decisions.md §6): closest `t_Dproximal` to the middle of the diameter range
 * first, then the earliest expiry (first expired, first out; unknown expiry last), then `e_Lot`
 * so the order is stable everywhere.
 */
export function compareSearchResults(
  query: Pick<GraftSearchQuery, 'query_d_min' | 'query_d_max'>,
): (a: RankableGraft, b: RankableGraft) => number {
  const middle = (query.query_d_min + query.query_d_max) / 2;
  const distance = (graft: RankableGraft) =>
    graft.t_Dproximal === null ? Number.POSITIVE_INFINITY : Math.abs(graft.t_Dproximal - middle);
  const expiry = (graft: RankableGraft) => toIsoDate(graft.expiry.outValue) ?? '9999-12-31';

  return (a, b) => {
    const byDistance = distance(a) - distance(b);
    // Infinity - Infinity is NaN: two grafts without a diameter are equally far.
    if (byDistance !== 0 && !Number.isNaN(byDistance)) {
      return byDistance;
    }
    return byCodeUnits(expiry(a), expiry(b)) || byCodeUnits(a.e_Lot, b.e_Lot);
  };
}
