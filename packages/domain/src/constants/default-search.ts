import type { GraftSearchQuery } from '../schemas/graft-search';
import { SEARCH_DEFAULTS } from './search-bounds';

/**
 * The filter panel's first search (spec §3, §9). Kept here rather than beside the search's schema,
 * so the search page does not load the schema library for a constant (docs/performance.md).
 */
export const DEFAULT_GRAFT_SEARCH_QUERY: GraftSearchQuery = {
  query_type: SEARCH_DEFAULTS.type,
  query_d_min: SEARCH_DEFAULTS.diameterMin,
  query_d_max: SEARCH_DEFAULTS.diameterMax,
  query_l_min: SEARCH_DEFAULTS.totalLengthMin,
  query_l_l_min: SEARCH_DEFAULTS.leftLengthMin,
  query_l_r_min: SEARCH_DEFAULTS.rightLengthMin,
};
