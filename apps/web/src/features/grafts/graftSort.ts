import { GRAFT_SORTS, type GraftSort } from '@graftmatch/domain';
import type { Column } from '../../components/ColumnTable';
import { withPage } from '../../components/usePages';

// A list's order lives in the URL beside its page and filters, so an ordered view can be
// bookmarked, shared, reloaded, and returned to from a graft's details.

const SORT_PARAM = 'sort';

/** The columns a graft list orders by. */
export type SortColumn = 'expiry' | 'size';

/** The order of the URL; null (the list's own order) when it names none or one the lists do not know. */
export function sortFromParams(params: URLSearchParams): GraftSort | null {
  const sort = params.get(SORT_PARAM);
  return GRAFT_SORTS.find((known) => known === sort) ?? null;
}

/** The same URL in another order (null: the list's own, left out), from page 1 again. */
export function withSort(params: URLSearchParams, sort: GraftSort | null): URLSearchParams {
  const next = withPage(params, 1);
  if (sort === null) {
    next.delete(SORT_PARAM);
  } else {
    next.set(SORT_PARAM, sort);
  }
  return next;
}

/** The order after a click on a column's header: ascending first, then descending, then the list's own. */
export function toggledSort(current: GraftSort | null, column: SortColumn): GraftSort | null {
  return current === column ? `-${column}` : current === `-${column}` ? null : column;
}

/** A sortable header's state (for `aria-sort`) and click, for `Column.sort`. */
export function sortHeader(
  current: GraftSort | null,
  column: SortColumn,
  onSort: (sort: GraftSort | null) => void,
): NonNullable<Column<unknown>['sort']> {
  return {
    direction: current === column ? 'ascending' : current === `-${column}` ? 'descending' : 'none',
    onSort: () => onSort(toggledSort(current, column)),
  };
}

/** How a list's header clicks reach its order: the current order and what changes it. */
export interface Sorting {
  sort: GraftSort | null;
  onSort: (sort: GraftSort | null) => void;
}
