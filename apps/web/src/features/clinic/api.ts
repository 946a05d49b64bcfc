import type {
  AddWaitingListRequest,
  EntryAttention,
  Graft,
  GraftSearchQuery,
  PageQuery,
  PatchWaitingListRequest,
  SortedPageQuery,
  SortedSearchPageQuery,
  WaitingListEntry,
} from '@graftmatch/domain';
import { call, callPage } from '../../api/call';
import type { ListPage } from '../../api/client';

/** One page of a search's results, best first, with the count of all that fit. */
export function searchGrafts(
  query: GraftSearchQuery,
  page: SortedSearchPageQuery,
  signal?: AbortSignal,
): Promise<ListPage<Graft>> {
  return callPage('POST /physician/graftsearch', { query: page, body: query, signal });
}

export function getGraft(lot: string): Promise<Graft> {
  return call('GET /physician/graftsearch/{lot}', { params: { lot } });
}

/** One page of the waiting list (or of the entries needing one attention), with the count of all, for its page. */
export function getWaitingListPage(
  page: PageQuery,
  signal?: AbortSignal,
  show?: EntryAttention,
): Promise<ListPage<WaitingListEntry>> {
  return callPage('GET /physician/waitinglist', { query: show ? { ...page, show } : page, signal });
}

export function addWaitingListEntry(body: AddWaitingListRequest): Promise<WaitingListEntry> {
  return call('POST /physician/waitinglist', { body });
}

export function patchWaitingListEntry(id: string, body: PatchWaitingListRequest): Promise<WaitingListEntry> {
  return call('PATCH /physician/waitinglist/{id}', { params: { id }, body });
}

// The spec's API removes with a GET.
export function removeWaitingListEntry(id: string): Promise<void> {
  return call('GET /physician/waitinglist/remove/{id}', { params: { id } });
}

export function getCurrentGrafts(page: SortedPageQuery, signal?: AbortSignal): Promise<ListPage<Graft>> {
  return callPage('GET /physician/currentgrafts', { query: page, signal });
}

export function getArchivedGrafts(page: SortedPageQuery, signal?: AbortSignal): Promise<ListPage<Graft>> {
  return callPage('GET /physician/archivgrafts', { query: page, signal });
}
