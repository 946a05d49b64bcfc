import type { Graft, PageQuery, SortedPageQuery, StockGraft, StockQuery, WaitingListEntry } from '@graftmatch/domain';
import { call, callAll, callPage, download } from '../../api/call';
import type { DownloadedFile, ListPage } from '../../api/client';

/**
 * Every open waiting-list entry of active clinics (the demand), as the server sorts it: the search
 * matches the type label in the user's language, so it filters on the client (docs/decisions.md).
 */
export function getDemand(): Promise<WaitingListEntry[]> {
  return callAll('GET /euteemployee/waitinglist');
}

/** One page of the demand, with the count of all open entries. */
export function getDemandPage(page: PageQuery, signal?: AbortSignal): Promise<ListPage<WaitingListEntry>> {
  return callPage('GET /euteemployee/waitinglist', { query: page, signal });
}

/** The demand as a PDF, fetched with the bearer header like every other call. */
export function downloadDemandPdf(): Promise<DownloadedFile> {
  return download('GET /euteemployee/waitinglist/download', 'application/pdf, application/problem+json');
}

/** One page of the bank's stock in the order and with the filters asked for. */
export function getStock(query: StockQuery, signal?: AbortSignal): Promise<ListPage<StockGraft>> {
  return callPage('GET /euteemployee/currentdonations', { query, signal });
}

/** One page of the bank's archive, latest change first or in the order asked for. */
export function getArchivedDonations(page: SortedPageQuery, signal?: AbortSignal): Promise<ListPage<Graft>> {
  return callPage('GET /euteemployee/donationsarchiv', { query: page, signal });
}

export function getDonation(lot: string): Promise<Graft> {
  return call('GET /euteemployee/currentdonations/{lot}', { params: { lot } });
}

/** The graft's package labels (docs/api.md, "label"), fetched with the bearer header. */
export function downloadLabel(lot: string, format: 'a4' | '100x50'): Promise<DownloadedFile> {
  return download('GET /euteemployee/currentdonations/{lot}/label', 'application/pdf, application/problem+json', {
    params: { lot },
    query: { format },
  });
}
