import type { Graft, WaitingListEntry } from '@graftmatch/domain';
import { apiDownload, apiRequest, type DownloadedFile } from '../../api/client';

/** Every open waiting-list entry of active clinics (the demand), as the server sorts it. */
export function getDemand(): Promise<WaitingListEntry[]> {
  return apiRequest<WaitingListEntry[]>('/euteemployee/waitinglist');
}

/** The demand as a PDF, fetched with the bearer header like every other call. */
export function downloadDemandPdf(): Promise<DownloadedFile> {
  return apiDownload('/euteemployee/waitinglist/download', { accept: 'application/pdf, application/problem+json' });
}

export function getCurrentDonations(): Promise<Graft[]> {
  return apiRequest<Graft[]>('/euteemployee/currentdonations');
}

export function getArchivedDonations(): Promise<Graft[]> {
  return apiRequest<Graft[]>('/euteemployee/donationsarchiv');
}

export function getDonation(lot: string): Promise<Graft> {
  return apiRequest<Graft>(`/euteemployee/currentdonations/${encodeURIComponent(lot)}`);
}
