import {
  ListStatus,
  toIsoDate,
  type Graft,
  type GraftSort,
  type Language,
  type StockGraft,
  type StockQuery,
  type WaitingListEntry,
} from '@graftmatch/domain';
import type { Cacheable, CacheableDocument } from '../../http/answer-cache';
import type { Page, Paged } from '../../http/paging';
import { labelFileName, renderGraftLabelPdf, type LabelFormat } from '../../pdf/graft-label-pdf';
import { renderWaitingListPdf, waitingListFileName } from '../../pdf/waiting-list-pdf';
import type { Principal } from '../../identity/principal';
import {
  getDonation as findDonation,
  listEuteDonations,
  listEuteStock,
  type GraftsDeps,
} from '../grafts/grafts.service';
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
export function demandPdf(
  deps: DonationsDeps,
  principal: Principal | null,
  language: Language,
): Cacheable<CacheableDocument> {
  const demand = demandForPdf(deps, principal);
  return {
    ...demand,
    key: `${demand.key}:${language}`,
    compute: async () => {
      const generatedAt = deps.now();
      const bytes = await renderWaitingListPdf({ ...(await demand.compute()), generatedAt, language });
      return { bytes, type: 'application/pdf', fileName: waitingListFileName(generatedAt) };
    },
  };
}

/** `GET /euteemployee/donationsarchiv`: the caller's tissue banks' archived grafts, in `sort`'s order if asked. */
export function listArchivedDonations(
  deps: DonationsDeps,
  principal: Principal | null,
  page: Page,
  sort?: GraftSort,
): Promise<Paged<Graft>> {
  return listEuteDonations(deps, principal, ListStatus.Archive, page, sort);
}

/**
 * `GET /euteemployee/currentdonations`: the bank's stock, every graft not in the Archive with its
 * state, and for a free one the open waiting-list entries it fits (docs/decisions.md "The bank's stock").
 */
export async function listStock(
  deps: DonationsDeps,
  principal: Principal | null,
  query: Omit<StockQuery, 'limit' | 'offset'>,
  page: Page,
): Promise<Paged<StockGraft>> {
  const { sort = 'expiry', ...filters } = query;
  const [stock, counter] = await Promise.all([
    listEuteStock(deps, principal, { sort, ...filters }, page),
    deps.fitCounts.entries(),
  ]);
  const items = stock.items.map((graft) => ({
    ...graft,
    fittingEntries:
      graft.stockState === 'free'
        ? counter.count({
            t_ProdName_2: graft.t_ProdName_2,
            t_Dproximal: graft.t_Dproximal,
            t_Lmax: graft.t_Lmax,
            t_Lleft: graft.t_Lleft,
            t_Lright: graft.t_Lright,
            expiry: toIsoDate(graft.expiry.outValue),
          })
        : null,
  }));
  return { items, total: stock.total };
}

/** `GET /euteemployee/currentdonations/{lot}`: one graft of the caller's tissue banks. */
export function getDonation(deps: DonationsDeps, principal: Principal | null, lot: string): Promise<Graft> {
  return findDonation(deps, principal, lot);
}

/**
 * `GET /euteemployee/currentdonations/{lot}/label`: the package label of one of the caller's banks'
 * grafts as a PDF (docs/decisions.md, "Labels"); other banks' lots are 404.
 */
export async function donationLabel(
  deps: DonationsDeps,
  principal: Principal | null,
  lot: string,
  format: LabelFormat,
  language: Language,
): Promise<{ bytes: Buffer; fileName: string }> {
  const graft = await findDonation(deps, principal, lot);
  return {
    bytes: await renderGraftLabelPdf(graft, format, deps.now(), language),
    fileName: labelFileName(lot, format),
  };
}
