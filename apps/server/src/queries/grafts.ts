import {
  ListStatus,
  StepStatus,
  type FreeGraftSizes,
  type GraftSearchQuery,
  type RequestState,
  type StockState,
} from '@graftmatch/domain';
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { DB, GraftsTable } from '../db/types';

// Named query helpers for grafts (docs/decisions.md §11), shared by the repositories that read
// grafts (grafts, waiting list, requests), so every reader applies the same rules.
// `list_status` is stored as if time stood still; the passage of time is applied here:
// a Free or Current graft whose expiry date lies before today counts as Archive (docs/decisions.md §6).

type GraftsEb = ExpressionBuilder<DB, 'grafts'>;

/**
 * True when the graft is in `status` on `today` (yyyy-mm-dd, from the app clock); Free also means
 * not quarantined (docs/decisions.md "Quarantine"). The status is
 * written into the SQL as a literal, so that the partial index on Free grafts
 * (grafts_free_search_idx) applies to a prepared statement too.
 */
export function inListStatus(status: ListStatus, today: string) {
  return (eb: GraftsEb): Expression<SqlBool> => {
    if (status === ListStatus.Archive) {
      return eb.or([
        eb('grafts.listStatus', '=', sql.lit(ListStatus.Archive)),
        eb.and([
          eb('grafts.listStatus', 'in', [sql.lit(ListStatus.Free), sql.lit(ListStatus.Current)]),
          eb('grafts.expiryDate', '<', today),
        ]),
      ]);
    }
    const inTime = eb.or([eb('grafts.expiryDate', 'is', null), eb('grafts.expiryDate', '>=', today)]);
    if (status === ListStatus.Free) {
      // A quarantined graft is never Free for search or matching (`isOpenForMatching`, domain).
      return eb.and([eb('grafts.listStatus', '=', sql.lit(status)), eb('grafts.quarantined', '=', sql.lit(0)), inTime]);
    }
    return eb.and([eb('grafts.listStatus', '=', sql.lit(status)), inTime]);
  };
}

/** In one of the three lists at all (processing grafts, list_status null, are in none). */
export function inAnyList(eb: GraftsEb): Expression<SqlBool> {
  return eb('grafts.listStatus', 'is not', null);
}

/** The graft's tissue bank is active: inactive banks' grafts are hidden from the search (docs/decisions.md §5). */
export function ofActiveEute(eb: GraftsEb): Expression<SqlBool> {
  return eb('grafts.euteId', 'in', eb.selectFrom('eutes').select('eutes.id').where('eutes.active', '=', 1));
}

type SizeCriteria = Pick<
  GraftSearchQuery,
  'query_d_min' | 'query_d_max' | 'query_l_min' | 'query_l_l_min' | 'query_l_r_min'
>;

/**
 * The size rules of `matchesSearch` (domain) in SQL: diameter within the range, total length at
 * least the minimum, branches (missing counts as 0) at least their minimums. Type and status
 * are separate helpers so the search index (type, status, diameter) serves them.
 */
export function fitsSizes(criteria: SizeCriteria) {
  return (eb: GraftsEb): Expression<SqlBool> =>
    eb.and([
      eb('grafts.tDproximal', '>=', criteria.query_d_min),
      eb('grafts.tDproximal', '<=', criteria.query_d_max),
      eb('grafts.tLmax', '>=', criteria.query_l_min),
      eb(eb.fn.coalesce('grafts.tLleft', sql.lit(0)), '>=', criteria.query_l_l_min),
      eb(eb.fn.coalesce('grafts.tLright', sql.lit(0)), '>=', criteria.query_l_r_min),
    ]);
}

/** The request states that hold a Free graft for a clinic (later holding states show in the graft's steps). */
export const RESERVING_STATES = ['reserved', 'confirmed'] as const satisfies readonly RequestState[];

/** Held by a reservation: a request in a reserving state. */
export function heldByRequest(eb: GraftsEb): Expression<SqlBool> {
  return eb.exists(
    eb
      .selectFrom('graftRequests')
      .select(sql.lit(1).as('one'))
      .whereRef('graftRequests.graftId', '=', 'grafts.id')
      .where('graftRequests.state', 'in', RESERVING_STATES),
  );
}

/**
 * In a bank's stock on `today`: Free or Current, not expired (docs/decisions.md "The bank's stock");
 * quarantined grafts stay in their bank's stock.
 */
export function inStock(today: string) {
  return (eb: GraftsEb): Expression<SqlBool> =>
    eb.and([
      eb('grafts.listStatus', 'in', [sql.lit(ListStatus.Free), sql.lit(ListStatus.Current)]),
      eb.or([eb('grafts.expiryDate', 'is', null), eb('grafts.expiryDate', '>=', today)]),
    ]);
}

/** In one state of the stock: the rule of `stockState` (domain) in SQL. */
export function inStockState(state: StockState) {
  return (eb: GraftsEb): Expression<SqlBool> => {
    const delivered = eb('grafts.deliveryStatus', '=', sql.lit(StepStatus.Done));
    switch (state) {
      case 'free':
        return eb.and([eb('grafts.listStatus', '=', sql.lit(ListStatus.Free)), eb.not(heldByRequest(eb))]);
      case 'reserved':
        return eb.and([eb('grafts.listStatus', '=', sql.lit(ListStatus.Free)), heldByRequest(eb)]);
      case 'assigned':
        return eb.and([eb('grafts.listStatus', '=', sql.lit(ListStatus.Current)), eb.not(delivered)]);
      case 'delivered':
        return eb.and([eb('grafts.listStatus', '=', sql.lit(ListStatus.Current)), delivered]);
    }
  };
}

/** The columns the fit counter reads of a Free graft. */
export const FREE_GRAFT_SIZE_COLUMNS = [
  'tProdName2',
  'tDproximal',
  'tLmax',
  'tLleft',
  'tLright',
  'expiryDate',
] as const;

/** A graft row's sizes as the fit counter (domain `buildFitCounter`) reads them. */
export function toFreeGraftSizes(row: Pick<GraftsTable, (typeof FREE_GRAFT_SIZE_COLUMNS)[number]>): FreeGraftSizes {
  return {
    t_ProdName_2: row.tProdName2,
    t_Dproximal: row.tDproximal,
    t_Lmax: row.tLmax,
    t_Lleft: row.tLleft,
    t_Lright: row.tLright,
    expiry: row.expiryDate,
  };
}
