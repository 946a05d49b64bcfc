import {
  isGraftTypeNumber,
  MAX_EXPIRES_WITHIN_DAYS,
  MAX_STOCK_FILTER_MM,
  STOCK_SORTS,
  STOCK_STATES,
  type GraftTypeNumber,
  type StockQuery,
  type StockSort,
  type StockState,
} from '@graftmatch/domain';
import { withPage } from '../../components/usePages';

// The stock's order and filters live in the URL like the search's, so a view can be bookmarked,
// shared, reloaded, and returned to from a graft's details.

export interface StockView {
  sort: StockSort;
  type: GraftTypeNumber | null;
  dMin: number | null;
  dMax: number | null;
  state: StockState | null;
  /** Only grafts expiring within this many days (the home's expiring-stock counters link here). */
  expiresWithin: number | null;
}

export const DEFAULT_STOCK_SORT: StockSort = 'expiry';

const sizeOf = (raw: string | null) => {
  const value = raw === null || raw.trim() === '' ? Number.NaN : Number(raw);
  return Number.isFinite(value) && value >= 0 && value <= MAX_STOCK_FILTER_MM ? value : null;
};

const daysOf = (raw: string | null) => {
  const value = raw === null || raw.trim() === '' ? Number.NaN : Number(raw);
  return Number.isInteger(value) && value >= 0 && value <= MAX_EXPIRES_WITHIN_DAYS ? value : null;
};

/** The view of the URL; a value the list does not know is left out rather than refused. */
export function stockViewFromParams(params: URLSearchParams): StockView {
  const sort = params.get('sort');
  const type = Number(params.get('type'));
  const state = params.get('state');
  return {
    sort: STOCK_SORTS.find((known) => known === sort) ?? DEFAULT_STOCK_SORT,
    type: isGraftTypeNumber(type) ? type : null,
    dMin: sizeOf(params.get('dMin')),
    dMax: sizeOf(params.get('dMax')),
    state: STOCK_STATES.find((known) => known === state) ?? null,
    expiresWithin: daysOf(params.get('expiresWithin')),
  };
}

/** The URL's parameters with these changes; the default order and empty filters are left out, and page 1 again. */
export function withStockView(params: URLSearchParams, changes: Partial<StockView>): URLSearchParams {
  const next = withPage(params, 1);
  for (const [name, value] of Object.entries(changes)) {
    if (value === null || value === undefined || (name === 'sort' && value === DEFAULT_STOCK_SORT)) {
      next.delete(name);
    } else {
      next.set(name, String(value));
    }
  }
  return next;
}

/** The order and filters of the view, as the list call takes them beside the page. */
export function stockFilters(view: StockView): Omit<StockQuery, 'limit' | 'offset'> {
  return {
    sort: view.sort,
    ...(view.type !== null && { type: view.type }),
    ...(view.dMin !== null && { dMin: view.dMin }),
    ...(view.dMax !== null && { dMax: view.dMax }),
    ...(view.state !== null && { state: view.state }),
    ...(view.expiresWithin !== null && { expiresWithin: view.expiresWithin }),
  };
}

/** True when the view filters the stock at all. */
export function isFiltered(view: StockView): boolean {
  return (
    view.type !== null || view.dMin !== null || view.dMax !== null || view.state !== null || view.expiresWithin !== null
  );
}
