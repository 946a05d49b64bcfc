import { useSearchParams } from 'react-router';
import { pageFromParams, usePages, withPage } from '../../components/usePages';
import { getStock } from './api';
import { euteKeys } from './keys';
import { stockFilters, stockViewFromParams, withStockView, type StockView } from './stockView';

/** The bank's stock a page at a time, in the order and with the filters of the URL. */
export function useStock() {
  const [params, setParams] = useSearchParams();
  const view = stockViewFromParams(params);
  const filters = stockFilters(view);
  const paged = usePages(euteKeys.stock(filters), (page, signal) => getStock({ ...page, ...filters }, signal), {
    position: {
      page: pageFromParams(params),
      // In place: back leaves the list rather than stepping through its pages.
      setPage: (page) => setParams((current) => withPage(current, page), { replace: true }),
    },
  });
  return {
    view,
    paged,
    change: (changes: Partial<StockView>) => setParams((current) => withStockView(current, changes), { replace: true }),
  };
}
