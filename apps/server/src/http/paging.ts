import { Type, type Static } from '@sinclair/typebox';
import type { FastifyReply } from 'fastify';

/**
 * Every list answer is bounded (docs/api.md "Lists"): at most `limit` items from `offset` on.
 * The spec's clients read plain arrays, so list routes keep answering arrays and give the
 * number of all matching items in the `X-Total-Count` header.
 */
export const MAX_PAGE_SIZE = 500;
export const TOTAL_COUNT_HEADER = 'x-total-count';

export const PageQuery = Type.Object(
  {
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, description: `at most ${MAX_PAGE_SIZE}` })),
    offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000_000 })),
  },
  { additionalProperties: false },
);
export type PageQuery = Static<typeof PageQuery>;

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
