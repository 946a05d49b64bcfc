import type { ListStatus } from '@graftmatch/domain';
import { type Graft, type WaitingListEntry } from '@graftmatch/domain';
import type { Cacheable, CacheableDocument } from '../../http/answer-cache';
import type { Page, Paged } from '../../http/paging';
import { renderWaitingListPdf, waitingListFileName } from '../../pdf/waiting-list-pdf';
import type { Principal } from '../auth/principal';
import { getDonation as findDonation, listEuteDonations, type GraftsDeps } from '../grafts/grafts.service';
import { demandForPdf, listDemand, type WaitingListDeps } from '../waitinglist/waitinglist.service';

// The tissue-bank employee's view: demand (open waiting-list entries) and own donations. The
// rules stay with the grafts and waiting-list modules; this module only offers them to the eute side.

export type DonationsDeps = GraftsDeps & Pick<WaitingListDeps, 'fitCounts'>;

/** `GET /euteemployee/waitinglist`: every open waiting-list entry, one page. */
export function listOpenDemand(
  deps: DonationsDeps,
  principal: Principal | null,
  page: Page,
): Cacheable<Paged<WaitingListEntry>> {
  return listDemand(deps, principal, page);
}

/**
 * `GET /euteemployee/waitinglist/download`: the open demand as a PDF with its file name. Kept while
 * the demand is unchanged, so its generation time is when this content was made (docs/decisions.md).
 */
export function demandPdf(deps: DonationsDeps, principal: Principal | null): Cacheable<CacheableDocument> {
  const demand = demandForPdf(deps, principal);
  return {
    ...demand,
    compute: async () => {
      const generatedAt = deps.now();
      const bytes = await renderWaitingListPdf({ ...(await demand.compute()), generatedAt });
      return { bytes, type: 'application/pdf', fileName: waitingListFileName(generatedAt) };
    },
  };
}

/** `GET /euteemployee/currentdonations` and `/donationsarchiv`: the caller's tissue banks' grafts. */
export function listDonations(
  deps: DonationsDeps,
  principal: Principal | null,
  status: typeof ListStatus.Current | typeof ListStatus.Archive,
  page: Page,
): Promise<Paged<Graft>> {
  return listEuteDonations(deps, principal, status, page);
}

/** `GET /euteemployee/currentdonations/{lot}`: one graft of the caller's tissue banks. */
export function getDonation(deps: DonationsDeps, principal: Principal | null, lot: string): Promise<Graft> {
  return findDonation(deps, principal, lot);
}
