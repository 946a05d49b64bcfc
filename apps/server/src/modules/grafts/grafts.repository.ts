import { ListStatus, type GraftSearchQuery } from '@graftmatch/domain';
import { sql } from 'kysely';
import type { Executor } from '../audit/audit.repository';
import type { Page, Paged } from '../../http/paging';
import type { GraftFileRow, GraftRow } from '../../db/types';
import { fitsSizes, inAnyList, inListStatus, ofActiveEute } from './grafts.query';

// All SQL of the grafts feature. Every function takes the executor; the caller owns transactions.

/** Which organisation's grafts a list covers: all (auditors), or these clinics / eutes. */
export type GraftScope = { all: true } | { clinicIds: string[] } | { euteIds: string[] };

/**
 * Free grafts of active banks that fit the search, best first: closest diameter to the middle of
 * the range, then earliest expiry (unknown last), then lot. Filtered in SQL on type, status and
 * diameter (the index grafts_search_idx), so only the hits are read; at most `limit` rows.
 */
export async function searchFreeGrafts(
  executor: Executor,
  query: GraftSearchQuery,
  today: string,
  limit: number,
): Promise<GraftRow[]> {
  const middle = (query.query_d_min + query.query_d_max) / 2;
  return executor
    .selectFrom('grafts')
    .selectAll('grafts')
    .where('grafts.tProdName2', '=', query.query_type)
    .where(inListStatus(ListStatus.Free, today))
    .where(fitsSizes(query))
    .where(ofActiveEute)
    .orderBy(sql`abs(${sql.ref('grafts.tDproximal')} - ${middle})`)
    .orderBy(sql`case when ${sql.ref('grafts.expiryDate')} is null then 1 else 0 end`)
    .orderBy('grafts.expiryDate')
    .orderBy('grafts.eLot')
    .limit(limit)
    .execute();
}

/** A graft in one of the lists, by lot; undefined when unknown or still in processing. */
export function findListedGraftByLot(executor: Executor, lot: string): Promise<GraftRow | undefined> {
  return executor
    .selectFrom('grafts')
    .selectAll('grafts')
    .where('grafts.eLot', '=', lot)
    .where(inAnyList)
    .executeTakeFirst();
}

/** Grafts in `status` within the scope, newest change first, one page. */
export async function listGraftsInStatus(
  executor: Executor,
  scope: GraftScope,
  status: ListStatus,
  today: string,
  page: Page,
): Promise<Paged<GraftRow>> {
  let base = executor.selectFrom('grafts').where(inListStatus(status, today));
  if ('clinicIds' in scope) {
    base =
      scope.clinicIds.length > 0 ? base.where('grafts.clinicId', 'in', scope.clinicIds) : base.where(sql.lit(false));
  } else if ('euteIds' in scope) {
    base = scope.euteIds.length > 0 ? base.where('grafts.euteId', 'in', scope.euteIds) : base.where(sql.lit(false));
  }
  const [items, count] = await Promise.all([
    base
      .selectAll('grafts')
      .orderBy('grafts.updatedAt', 'desc')
      .orderBy('grafts.eLot')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { items, total: Number(count.total) };
}

/** The files of these grafts, in one query (no query per graft). */
export async function filesOfGrafts(executor: Executor, graftIds: readonly string[]): Promise<GraftFileRow[]> {
  if (graftIds.length === 0) {
    return [];
  }
  return executor
    .selectFrom('graftFiles')
    .selectAll()
    .where('graftId', 'in', [...graftIds])
    .orderBy('kind')
    .orderBy('name')
    .execute();
}

export async function isEuteActive(executor: Executor, euteId: string): Promise<boolean> {
  const row = await executor.selectFrom('eutes').select('active').where('id', '=', euteId).executeTakeFirst();
  return row?.active === 1;
}
