import type {
  AddWaitingListRequest,
  Graft,
  GraftSearchQuery,
  PatchWaitingListRequest,
  WaitingListEntry,
} from '@graftmatch/domain';
import { call, callAll } from '../../api/call';

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

export function getCurrentGrafts(): Promise<Graft[]> {
  return call('GET /physician/currentgrafts');
}

export function getArchivedGrafts(): Promise<Graft[]> {
  return call('GET /physician/archivgrafts');
}
