import type {
  AddWaitingListRequest,
  Graft,
  GraftSearchQuery,
  PageQuery,
  PatchWaitingListRequest,
  WaitingListEntry,
} from '@graftmatch/domain';
import { call, callAll, callPage } from '../../api/call';
import type { ListPage } from '../../api/client';

export function searchGrafts(query: GraftSearchQuery, signal?: AbortSignal): Promise<Graft[]> {
  return call('POST /physician/graftsearch', { body: query, signal });
}

export function getGraft(lot: string): Promise<Graft> {
  return call('GET /physician/graftsearch/{lot}', { params: { lot } });
}

export function getWaitingList(): Promise<WaitingListEntry[]> {
  return callAll('GET /physician/waitinglist');
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

export function getCurrentGrafts(page: PageQuery, signal?: AbortSignal): Promise<ListPage<Graft>> {
  return callPage('GET /physician/currentgrafts', { query: page, signal });
}

export function getArchivedGrafts(page: PageQuery, signal?: AbortSignal): Promise<ListPage<Graft>> {
  return callPage('GET /physician/archivgrafts', { query: page, signal });
}
