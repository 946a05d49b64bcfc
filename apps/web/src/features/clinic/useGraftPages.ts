import { useEffect, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Graft, PageQuery } from '@graftmatch/domain';
import type { ListPage } from '../../api/client';

/** Grafts a page on the current and archive lists: an archive grows for years. */
export const GRAFTS_PER_PAGE = 50;

/**
 * One page of a graft list at a time, with the count of all (`X-Total-Count`), for the clinic's and
 * the tissue bank's current and archived grafts. The previous page stays while the next loads.
 */
export function useGraftPages(
  key: readonly unknown[],
  load: (page: PageQuery, signal: AbortSignal) => Promise<ListPage<Graft>>,
) {
  const [page, setPage] = useState(1);
  const grafts = useQuery({
    queryKey: [...key, page],
    queryFn: ({ signal }) => load({ limit: GRAFTS_PER_PAGE, offset: (page - 1) * GRAFTS_PER_PAGE }, signal),
    placeholderData: keepPreviousData,
  });
  const pages = Math.ceil((grafts.data?.total ?? 0) / GRAFTS_PER_PAGE);
  // A list that shrank under the reader (grafts archived meanwhile) shows its last page instead of none.
  useEffect(() => {
    if (pages > 0 && page > pages) {
      setPage(pages);
    }
  }, [page, pages]);
  return { grafts, page, pages, setPage };
}
