import { Type, type Static } from '@sinclair/typebox';
import { MAX_PAGE_SIZE, MAX_SEARCH_PAGE_SIZE } from '../constants/paging';

const offset = Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000_000 }));

/** `?limit=&offset=` of every list route. */
export const PageQuery = Type.Object(
  {
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, description: `at most ${MAX_PAGE_SIZE}` })),
    offset,
  },
  { additionalProperties: false },
);
export type PageQuery = Static<typeof PageQuery>;

/** `?limit=&offset=` of the graft search: smaller pages than the lists' (docs/api.md). */
export const SearchPageQuery = Type.Object(
  {
    limit: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: MAX_SEARCH_PAGE_SIZE,
        default: MAX_SEARCH_PAGE_SIZE,
        description: `at most ${MAX_SEARCH_PAGE_SIZE}`,
      }),
    ),
    offset,
  },
  { additionalProperties: false },
);
export type SearchPageQuery = Static<typeof SearchPageQuery>;

/** A page of an admin list, optionally only active (`true`) or inactive (`false`) records. */
export const ActiveListQuery = Type.Object(
  { ...PageQuery.properties, active: Type.Optional(Type.Boolean({ description: 'true: only active ones' })) },
  { additionalProperties: false },
);
export type ActiveListQuery = Static<typeof ActiveListQuery>;
