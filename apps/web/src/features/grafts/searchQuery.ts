import {
  DEFAULT_GRAFT_SEARCH_QUERY,
  graftTypeSlug,
  isBifurcated,
  validateSearchQuery,
  webPaths,
  type GraftSearchQuery,
  type GraftSort,
  type GraftTypeNumber,
  type WaitingListEntry,
} from '@graftmatch/domain';
import { withSort } from './graftSort';

// The submitted search and its results page live in the URL, so a search can be bookmarked,
// shared, reloaded, left for a graft's details and returned to, and opened from a waiting-list
// entry with one click.
const PARAMS = {
  query_d_min: 'd_min',
  query_d_max: 'd_max',
  query_l_min: 'l_min',
  query_l_l_min: 'l_l_min',
  query_l_r_min: 'l_r_min',
} as const;
type SizeField = keyof typeof PARAMS;
const SIZE_FIELDS = Object.keys(PARAMS) as SizeField[];

/** The defaults of spec §9 for a type. */
export function defaultQuery(type: GraftTypeNumber): GraftSearchQuery {
  return { ...DEFAULT_GRAFT_SEARCH_QUERY, query_type: type };
}

/**
 * Branch lengths only mean something for bifurcated types; for the others a leftover value from
 * another type would filter out every graft (their branch lengths are empty), so it is zeroed.
 */
export function forType(query: GraftSearchQuery, type: GraftTypeNumber): GraftSearchQuery {
  return isBifurcated(type)
    ? { ...query, query_type: type }
    : { ...query, query_type: type, query_l_l_min: 0, query_l_r_min: 0 };
}

/** The submitted search of the URL, or null when there is none or it is not a valid search. */
export function queryFromParams(type: GraftTypeNumber, params: URLSearchParams): GraftSearchQuery | null {
  const query: Record<string, number> = { query_type: type };
  for (const field of SIZE_FIELDS) {
    const raw = params.get(PARAMS[field]);
    if (raw === null || raw.trim() === '') {
      return null;
    }
    query[field] = Number(raw);
  }
  return validateSearchQuery(query).length === 0 ? (query as GraftSearchQuery) : null;
}

export function paramsFromQuery(query: GraftSearchQuery): URLSearchParams {
  return new URLSearchParams(SIZE_FIELDS.map((field) => [PARAMS[field], String(query[field])]));
}

/** The search route of a type, with the search itself (and its order) when given; its results start on page 1. */
export function searchPath(type: GraftTypeNumber, query?: GraftSearchQuery, sort?: GraftSort | null): string {
  const path = webPaths.clinicSearch(graftTypeSlug(type));
  if (!query) {
    return path;
  }
  return `${path}?${withSort(paramsFromQuery(query), sort ?? null).toString()}`;
}

/** A waiting-list entry's standing search, in search names (the wire spells the type differently). */
export function entryQuery(entry: WaitingListEntry): GraftSearchQuery {
  return {
    query_type: entry.query_Type,
    query_d_min: entry.query_d_min,
    query_d_max: entry.query_d_max,
    query_l_min: entry.query_l_min,
    query_l_l_min: entry.query_l_l_min,
    query_l_r_min: entry.query_l_r_min,
  };
}
