import type { Graft, WaitingListEntry } from '@graftmatch/domain';
import { call, callAll, download } from '../../api/call';
import type { DownloadedFile } from '../../api/client';

/** Every open waiting-list entry of active clinics (the demand), as the server sorts it. */
export function getDemand(): Promise<WaitingListEntry[]> {
  return callAll('GET /euteemployee/waitinglist');
}

/** The demand as a PDF, fetched with the bearer header like every other call. */
export function downloadDemandPdf(): Promise<DownloadedFile> {
  return download('GET /euteemployee/waitinglist/download', 'application/pdf, application/problem+json');
}

export function getCurrentDonations(): Promise<Graft[]> {
  return call('GET /euteemployee/currentdonations');
}

export function getArchivedDonations(): Promise<Graft[]> {
  return call('GET /euteemployee/donationsarchiv');
}

export function getDonation(lot: string): Promise<Graft> {
  return call('GET /euteemployee/currentdonations/{lot}', { params: { lot } });
}
