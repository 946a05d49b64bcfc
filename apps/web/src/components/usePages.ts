import { useEffect, useState } from 'react';
import { keepPreviousData, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { SCREEN_PAGE_SIZE as PAGE_SIZE, type PageQuery } from '@graftmatch/domain';
import type { ListPage } from '../api/client';

/** Where the reader is in a paged list, as `PagePicker` shows it. */
export interface Paging {
  page: number;
  pages: number;
  setPage: (page: number) => void;
}

/** A list the server pages: the shown page's query, with the count of all. */
export interface ServerPages<T> extends Paging {
  list: UseQueryResult<ListPage<T>>;
  /** Items a page. */
  pageSize: number;
}

/**
 * The number of pages of `total` items. A list that shrank under the reader (entries removed,
 * grafts archived meanwhile) shows its last page instead of none.
 */
function usePageCount(page: number, setPage: (page: number) => void, total: number, pageSize = PAGE_SIZE): number {
  const pages = Math.ceil(total / pageSize);
  useEffect(() => {
    if (pages > 0 && page > pages) {
      setPage(pages);
    }
  }, [page, pages, setPage]);
  return pages;
}

/** The shown page when it is kept outside the list's component (the search keeps it in the URL). */
export type PagePosition = Pick<Paging, 'page' | 'setPage'>;

/**
 * One page at a time of a list the server pages (`?limit=&offset=`, the count of all in
 * `X-Total-Count`), under the query key `[...key, page]`. The previous page stays while the next loads.
 */
export function usePages<T>(
  key: readonly unknown[],
  load: (page: PageQuery, signal: AbortSignal) => Promise<ListPage<T>>,
  options: { position?: PagePosition; enabled?: boolean; pageSize?: number } = {},
): ServerPages<T> {
  const [ownPage, setOwnPage] = useState(1);
  const { page, setPage } = options.position ?? { page: ownPage, setPage: setOwnPage };
  const pageSize = options.pageSize ?? PAGE_SIZE;
  const list = useQuery({
    queryKey: [...key, page],
    queryFn: ({ signal }) => load({ limit: pageSize, offset: (page - 1) * pageSize }, signal),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
  const pages = usePageCount(page, setPage, list.data?.total ?? 0, pageSize);
  return { list, page, pages, setPage, pageSize };
}

/** One page at a time of a list held whole on the client (a filtered one); page 1 again when `from` changes. */
export function usePagesOf<T>(items: readonly T[], from: unknown): Paging & { items: T[] } {
  const [page, setPage] = useState(1);
  const [pagedFrom, setPagedFrom] = useState(from);
  if (pagedFrom !== from) {
    setPagedFrom(from);
    setPage(1);
  }
  const pages = usePageCount(page, setPage, items.length);
  return { items: items.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE), page, pages, setPage };
}

const PAGE_PARAM = 'page';

/** The results page of the URL, counted from 1; 1 when it names none or no page number. */
export function pageFromParams(params: URLSearchParams): number {
  const page = Number(params.get(PAGE_PARAM));
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}

/** The same URL parameters on another results page (page 1 is left out, as a new search has none). */
export function withPage(params: URLSearchParams, page: number): URLSearchParams {
  const next = new URLSearchParams(params);
  if (page > 1) {
    next.set(PAGE_PARAM, String(page));
  } else {
    next.delete(PAGE_PARAM);
  }
  return next;
}
