import { ListStatus, type GraftSearchQuery } from '@graftmatch/domain';
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { DB } from '../../db/types';

// Named query helpers for grafts (docs/decisions.md §11), so every reader applies the same rules.
// `list_status` is stored as if time stood still; the passage of time is applied here:
// a Free or Current graft whose expiry date lies before today counts as Archive (docs/decisions.md §6).

type GraftsEb = ExpressionBuilder<DB, 'grafts'>;

/**
 * True when the graft is in `status` on `today` (yyyy-mm-dd, from the app clock). The status is
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
    return eb.and([
      eb('grafts.listStatus', '=', sql.lit(status)),
      eb.or([eb('grafts.expiryDate', 'is', null), eb('grafts.expiryDate', '>=', today)]),
    ]);
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
