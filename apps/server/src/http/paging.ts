import { MAX_PAGE_SIZE, type PageQuery } from '@graftmatch/domain';
import type { FastifyReply } from 'fastify';

// The schemas live in the domain package, shared with the web; re-exported for the routes here.
export { ActiveListQuery, MAX_PAGE_SIZE, MAX_SEARCH_PAGE_SIZE, PageQuery, SearchPageQuery } from '@graftmatch/domain';

/**
 * Every list answer is bounded (docs/api.md "Lists"): at most `limit` items from `offset` on.
 * The spec's clients read plain arrays, so list routes keep answering arrays and give the
 * number of all matching items in the `X-Total-Count` header.
 */
export const TOTAL_COUNT_HEADER = 'x-total-count';

export interface Page {
  limit: number;
  offset: number;
}

export interface Paged<T> {
  items: T[];
  total: number;
}

export function pageOf(query: PageQuery | undefined, defaultLimit = MAX_PAGE_SIZE): Page {
  return { limit: query?.limit ?? defaultLimit, offset: query?.offset ?? 0 };
}

/**
 * Sorts rows in memory by a domain rule (a collation SQL engines do not share), then cuts the
 * page. For the admin lists of users, clinics and eutes, which stay small.
 */
export function sortAndPage<T>(rows: T[], compare: (a: T, b: T) => number, page: Page): Paged<T> {
  return { items: rows.sort(compare).slice(page.offset, page.offset + page.limit), total: rows.length };
}

/** Sends a page as a plain array with its total in `X-Total-Count`. */
export function sendPaged<T>(reply: FastifyReply, paged: Paged<T>): T[] {
  reply.header(TOTAL_COUNT_HEADER, String(paged.total));
  return paged.items;
}
