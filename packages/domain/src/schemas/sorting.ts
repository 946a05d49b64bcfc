import { Type, type Static } from '@sinclair/typebox';
import { PageQuery, SearchPageQuery } from './paging';

/**
 * Orders a graft list may be asked for (docs/api.md "Lists"): by expiry or by proximal diameter,
 * unknown values last; `-` is descending. Without one, each list keeps its own order.
 */
export const GRAFT_SORTS = ['expiry', '-expiry', 'size', '-size'] as const;
export type GraftSort = (typeof GRAFT_SORTS)[number];
export const GraftSortSchema = Type.Union(
  GRAFT_SORTS.map((sort) => Type.Literal(sort)),
  { description: 'expiry, -expiry, size (proximal diameter) or -size; `-` is descending' },
);

/** `?limit=&offset=&sort=` of the physician's graft lists. */
export const SortedPageQuery = Type.Object(
  { ...PageQuery.properties, sort: Type.Optional(GraftSortSchema) },
  { additionalProperties: false },
);
export type SortedPageQuery = Static<typeof SortedPageQuery>;

/** `?limit=&offset=&sort=` of the graft search; without `sort`, best fit first. */
export const SortedSearchPageQuery = Type.Object(
  { ...SearchPageQuery.properties, sort: Type.Optional(GraftSortSchema) },
  { additionalProperties: false },
);
export type SortedSearchPageQuery = Static<typeof SortedSearchPageQuery>;
