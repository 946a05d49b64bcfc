import {
  GRAFT_SORTS,
  ListStatus,
  shiftDate,
  type GraftSearchQuery,
  type GraftSort,
  type StockState,
} from '@graftmatch/domain';
import { sql, type SelectQueryBuilder } from 'kysely';
import type { Executor } from '../../db/executor';
import type { Page, Paged } from '../../http/paging';
import type { Database, DatabaseEngine } from '../../db/database';
import { engineOf, inCodeUnitOrder } from '../../db/dialect';
import { param, prepare } from '../../db/prepared';
import type { DB, GraftFileRow, GraftRow } from '../../db/types';
import {
  fitsSizes,
  heldByRequest,
  inAnyList,
  inListStatus,
  inStock,
  inStockState,
  ofActiveEute,
} from '../../queries/grafts';

// All SQL of the grafts feature. Every function takes the executor; the caller owns transactions.

/** Which organisation's grafts a list covers: all (auditors), or these clinics / eutes. */
export type GraftScope = { all: true } | { clinicIds: string[] } | { euteIds: string[] };

/** What decides whether a graft fits a search: the search's criteria and the day. */
interface FitParameters extends Record<string, unknown> {
  type: number;
  dMin: number;
  dMax: number;
  lMin: number;
  lLMin: number;
  lRMin: number;
  today: string;
}

interface SearchParameters extends FitParameters {
  middle: number;
  limit: number;
  offset: number;
}

/**
 * A graft list in an asked-for order: the domain's `compareGraftsBy` in SQL (the sort's key in its
 * direction, then the other key ascending, unknown values last, then the lot in code-unit order).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any selection of the grafts table
function inSortOrder<Query extends SelectQueryBuilder<DB, 'grafts', any>>(
  query: Query,
  sort: GraftSort,
  engine: DatabaseEngine,
): Query {
  const expiry = sql.ref<string>('grafts.expiryDate');
  const size = sql.ref<number>('grafts.tDproximal');
  const [first, second] = sort.endsWith('size') ? [size, expiry] : [expiry, size];
  return query
    .orderBy(sql`case when ${first} is null then 1 else 0 end`)
    .orderBy(sql`${first} ${sql.raw(sort.startsWith('-') ? 'desc' : 'asc')}`)
    .orderBy(sql`case when ${second} is null then 1 else 0 end`)
    .orderBy(second)
    .orderBy(inCodeUnitOrder(engine, sql.ref<string>('grafts.eLot'))) as Query;
}

/**
 * The search as prepared statements (docs/performance.md). The page: the ids of Free grafts of
 * active banks that fit, found and ranked inside the covering index grafts_free_search_idx
 * (closest diameter to the middle of the range, earliest expiry with unknown last, then lot), cut
 * to the page there, and only then the page's rows by primary key; the caller puts them in order
 * with the domain's rule. The count of all that fit reads the same index and nothing else.
 */
export function createGraftSearches(database: Database) {
  const { db } = database;
  const fitting = db
    .selectFrom('grafts')
    .where(inListStatus(ListStatus.Free, param<string>('today')))
    .where('grafts.tProdName2', '=', param<number>('type'))
    .where(
      fitsSizes({
        query_d_min: param<number>('dMin'),
        query_d_max: param<number>('dMax'),
        query_l_min: param<number>('lMin'),
        query_l_l_min: param<number>('lLMin'),
        query_l_r_min: param<number>('lRMin'),
      }),
    )
    .where(ofActiveEute);
  const best = fitting
    .select('grafts.id')
    .orderBy(sql`abs(${sql.ref('grafts.tDproximal')} - ${param<number>('middle')})`)
    .orderBy(sql`case when ${sql.ref('grafts.expiryDate')} is null then 1 else 0 end`)
    .orderBy('grafts.expiryDate')
    // The page is cut here and put in order by the domain's rule: both must order lots alike.
    .orderBy(inCodeUnitOrder(database.engine, sql.ref<string>('grafts.eLot')))
    .limit(param<number>('limit'))
    .offset(param<number>('offset'));
  const search = prepare<SearchParameters, GraftRow>(
    database,
    db.selectFrom('grafts').selectAll('grafts').where('grafts.id', 'in', best),
  );
  // An asked-for order: one prepared statement for each, cut to the page the same way.
  const sorted = new Map(
    GRAFT_SORTS.map((sort) => {
      const ordered = inSortOrder(fitting.select('grafts.id'), sort, database.engine)
        .limit(param<number>('limit'))
        .offset(param<number>('offset'));
      const statement = prepare<SearchParameters, GraftRow>(
        database,
        db.selectFrom('grafts').selectAll('grafts').where('grafts.id', 'in', ordered),
      );
      return [sort, statement] as const;
    }),
  );
  const count = prepare<FitParameters, { total: number }>(
    database,
    fitting.select((eb) => eb.fn.countAll<number>().as('total')),
  );
  return {
    /** One page of the grafts that fit, best first or in `sort`'s order, with the number of all that fit. */
    async freeGrafts(query: GraftSearchQuery, today: string, page: Page, sort?: GraftSort): Promise<Paged<GraftRow>> {
      const fit: FitParameters = {
        type: query.query_type,
        dMin: query.query_d_min,
        dMax: query.query_d_max,
        lMin: query.query_l_min,
        lLMin: query.query_l_l_min,
        lRMin: query.query_l_r_min,
        today,
      };
      const middle = (query.query_d_min + query.query_d_max) / 2;
      const statement = sort === undefined ? search : (sorted.get(sort) as typeof search);
      const items = await statement({ ...fit, middle, limit: page.limit, offset: page.offset });
      // A page that is not full and not past the end tells the count itself: most searches need one query.
      const lastPage = items.length < page.limit && (items.length > 0 || page.offset === 0);
      const total = lastPage ? page.offset + items.length : Number((await count(fit))[0]?.total ?? 0);
      return { items, total };
    },
  };
}

export type GraftSearches = ReturnType<typeof createGraftSearches>;

/** A graft in one of the lists, by lot; undefined when unknown or still in processing. */
export function findListedGraftByLot(executor: Executor, lot: string): Promise<GraftRow | undefined> {
  return executor
    .selectFrom('grafts')
    .selectAll('grafts')
    .where('grafts.eLot', '=', lot)
    .where(inAnyList)
    .executeTakeFirst();
}

/**
 * Listed grafts whose SEC is `sec` (40 characters, no spaces); stored SECs may carry spaces. Usually
 * one, but nothing makes an SEC unique across banks' files.
 */
export function findListedGraftsBySec(executor: Executor, sec: string): Promise<GraftRow[]> {
  return executor
    .selectFrom('grafts')
    .selectAll('grafts')
    .where(sql<string>`upper(replace(${sql.ref('grafts.xSec')}, ' ', ''))`, '=', sec)
    .where(inAnyList)
    .orderBy('grafts.eLot')
    .limit(20)
    .execute();
}

/** Grafts in `status` within the scope, newest change first or in `sort`'s order, one page. */
export async function listGraftsInStatus(
  executor: Executor,
  scope: GraftScope,
  status: ListStatus,
  today: string,
  page: Page,
  sort?: GraftSort,
): Promise<Paged<GraftRow>> {
  let base = executor.selectFrom('grafts').where(inListStatus(status, today));
  if ('clinicIds' in scope) {
    base =
      scope.clinicIds.length > 0 ? base.where('grafts.clinicId', 'in', scope.clinicIds) : base.where(sql.lit(false));
  } else if ('euteIds' in scope) {
    base = scope.euteIds.length > 0 ? base.where('grafts.euteId', 'in', scope.euteIds) : base.where(sql.lit(false));
  }
  const [items, count] = await Promise.all([
    (sort === undefined
      ? base.selectAll('grafts').orderBy('grafts.updatedAt', 'desc').orderBy('grafts.eLot')
      : inSortOrder(base.selectAll('grafts'), sort, engineOf(executor))
    )
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { items, total: Number(count.total) };
}

/** What the bank's stock is filtered and ordered by (`StockQuery` without the page). */
export interface StockFilter {
  sort: GraftSort;
  type?: number;
  dMin?: number;
  dMax?: number;
  state?: StockState;
  /** Only grafts expiring within this many days from today. */
  expiresWithin?: number;
}

/** A stock row: the graft, and whether a reservation holds it (1) or not (0). */
export type StockRow = GraftRow & { held: number };

/** One page of a bank's stock within the scope, filtered and ordered; unknown expiry or size sort last. */
export async function listStock(
  executor: Executor,
  scope: GraftScope,
  filter: StockFilter,
  today: string,
  page: Page,
): Promise<Paged<StockRow>> {
  let base = executor.selectFrom('grafts').where(inStock(today));
  if ('euteIds' in scope) {
    base = scope.euteIds.length > 0 ? base.where('grafts.euteId', 'in', scope.euteIds) : base.where(sql.lit(false));
  }
  if (filter.type !== undefined) {
    base = base.where('grafts.tProdName2', '=', filter.type);
  }
  if (filter.dMin !== undefined) {
    base = base.where('grafts.tDproximal', '>=', filter.dMin);
  }
  if (filter.dMax !== undefined) {
    base = base.where('grafts.tDproximal', '<=', filter.dMax);
  }
  if (filter.state !== undefined) {
    base = base.where(inStockState(filter.state));
  }
  if (filter.expiresWithin !== undefined) {
    base = base.where('grafts.expiryDate', '<=', shiftDate(today, filter.expiresWithin));
  }
  const [items, count] = await Promise.all([
    inSortOrder(
      base.selectAll('grafts').select((eb) => eb.case().when(heldByRequest(eb)).then(1).else(0).end().as('held')),
      filter.sort,
      engineOf(executor),
    )
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { items: items.map((row) => ({ ...row, held: Number(row.held) })), total: Number(count.total) };
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
