import type {
  AddWaitingListRequest,
  Graft,
  GraftSearchQuery,
  PatchWaitingListRequest,
  WaitingListEntry,
} from '@graftmatch/domain';
import { apiRequest } from '../../api/client';

export function searchGrafts(query: GraftSearchQuery, signal?: AbortSignal): Promise<Graft[]> {
  return apiRequest<Graft[]>('/physician/graftsearch', { method: 'POST', body: query, ...(signal ? { signal } : {}) });
}

export function getGraft(lot: string): Promise<Graft> {
  return apiRequest<Graft>(`/physician/graftsearch/${encodeURIComponent(lot)}`);
}

export function getWaitingList(): Promise<WaitingListEntry[]> {
  return apiRequest<WaitingListEntry[]>('/physician/waitinglist');
}

export function addWaitingListEntry(body: AddWaitingListRequest): Promise<WaitingListEntry> {
  return apiRequest<WaitingListEntry>('/physician/waitinglist', { method: 'POST', body });
}

export function patchWaitingListEntry(id: string, body: PatchWaitingListRequest): Promise<WaitingListEntry> {
  return apiRequest<WaitingListEntry>(`/physician/waitinglist/${encodeURIComponent(id)}`, { method: 'PATCH', body });
}

// The spec's API removes with a GET.
export function removeWaitingListEntry(id: string): Promise<void> {
  return apiRequest<void>(`/physician/waitinglist/remove/${encodeURIComponent(id)}`);
}

export function getCurrentGrafts(): Promise<Graft[]> {
  return apiRequest<Graft[]>('/physician/currentgrafts');
}

export function getArchivedGrafts(): Promise<Graft[]> {
  return apiRequest<Graft[]>('/physician/archivgrafts');
}
