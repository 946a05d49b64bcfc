import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { MAX_PAGE_SIZE, MAX_SEARCH_PAGE_SIZE } from '../constants/paging';

/** `?limit=&offset=` with pages of at most `maxLimit` items; the route's default is the largest page. */
const pageQueryUpTo = (maxLimit: number) =>
  Type.Object(
    {
      limit: Type.Optional(Type.Integer({ minimum: 1, maximum: maxLimit, description: `at most ${maxLimit}` })),
      offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000_000 })),
    },
    { additionalProperties: false },
  );

/** `?limit=&offset=` of every list route. */
export const PageQuery = pageQueryUpTo(MAX_PAGE_SIZE);
export type PageQuery = Static<typeof PageQuery>;

/** `?limit=&offset=` of the graft search: smaller pages than the lists' (docs/api.md). */
export const SearchPageQuery = pageQueryUpTo(MAX_SEARCH_PAGE_SIZE);
export type SearchPageQuery = Static<typeof SearchPageQuery>;

/** A page of an admin list, optionally only active (`true`) or inactive (`false`) records. */
export const ActiveListQuery = Type.Object(
  { ...PageQuery.properties, active: Type.Optional(Type.Boolean({ description: 'true: only active ones' })) },
  { additionalProperties: false },
);
export type ActiveListQuery = Static<typeof ActiveListQuery>;

/** A page of a list answered as an object: the items, the number of all matching ones, and the page. */
export const PageOf = <T extends TSchema>(item: T) =>
  Type.Object({
    items: Type.Array(item),
    total: Type.Integer({ minimum: 0 }),
    limit: Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE }),
    offset: Type.Integer({ minimum: 0 }),
  });
