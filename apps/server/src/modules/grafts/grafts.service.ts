import {
  ListStatus,
  compareGraftsBy,
  compareSearchResults,
  formatSingleEuropeanCode,
  parseGraftCode,
  utcDate,
  stockState,
  validateSearchQuery,
  type Graft,
  type GraftSearchQuery,
  type GraftSort,
  type GraftTypeNumber,
  type StockGraft,
} from '@graftmatch/domain';
import type { Kysely } from 'kysely';
import type { DB, GraftRow } from '../../db/types';
import type { Cacheable } from '../../http/answer-cache';
import { badRequest, fieldError, forbidden, invalidField, notFound } from '../../http/problem';
import type { Page, Paged } from '../../http/paging';
import type { Executor } from '../../db/executor';
import { clinicReadScope, euteReadScope, requireUser } from '../../identity/policy';
import { graftsChanged, type ChangedGraft } from '../../realtime/push-audience';
import type { PushPublisher } from '../../realtime/push-bus';
import type { Principal } from '../../identity/principal';
import { filesByGraft, graftRowToGraft, isOpenOn } from './grafts.mapper';
import * as repo from './grafts.repository';

export interface GraftsDeps {
  db: Kysely<DB>;
  now: () => Date;
  /** The search's prepared statements (grafts.repository.ts). */
  searches: repo.GraftSearches;
}

/** Today on the app clock (UTC): the day expiry is judged against. */
const todayOf = (deps: Pick<GraftsDeps, 'now'>): string => utcDate(deps.now());

/** Rows to wire grafts, with their file lists fetched in one query. */
export async function presentGrafts(executor: Executor, rows: readonly GraftRow[], today: string): Promise<Graft[]> {
  const files = filesByGraft(
    await repo.filesOfGrafts(
      executor,
      rows.map((row) => row.id),
    ),
  );
  return rows.map((row) => graftRowToGraft(row, files.get(row.id), today));
}

/**
 * Reads and checks a search body with the domain rule. Every refusal carries the spec's text as
 * its detail, and one field-level reason per wrong field (empty ones repeat the spec's text).
 */
export function parseSearchQuery(body: unknown): GraftSearchQuery {
  const errors = validateSearchQuery(body);
  if (errors.length > 0) {
    throw badRequest({ key: 'problem.grafts.searchParams' }, errors);
  }
  const fields = body as Record<keyof GraftSearchQuery, number>;
  return {
    query_type: fields.query_type as GraftTypeNumber,
    query_d_min: fields.query_d_min,
    query_d_max: fields.query_d_max,
    query_l_min: fields.query_l_min,
    query_l_l_min: fields.query_l_l_min,
    query_l_r_min: fields.query_l_r_min,
  };
}

/**
 * `POST /physician/graftsearch`: one page of the free grafts of active banks that fit, best first
 * or in the asked-for order, with the number of all that fit. The same for every physician.
 */
export function searchGrafts(
  deps: GraftsDeps,
  principal: Principal | null,
  body: unknown,
  page: Page,
  sort?: GraftSort,
): Cacheable<Paged<Graft>> {
  clinicReadScope(principal);
  const query = parseSearchQuery(body);
  const today = todayOf(deps);
  return {
    key: `search:${today}:${JSON.stringify(query)}:${page.limit}:${page.offset}:${sort ?? ''}`,
    async compute() {
      const found = await deps.searches.freeGrafts(query, today, page, sort);
      const grafts = await presentGrafts(deps.db, found.items, today);
      // The SQL order is the domain's; sorting again with the domain rule keeps one definition authoritative.
      return {
        items: grafts.sort(sort === undefined ? compareSearchResults(query) : compareGraftsBy(sort)),
        total: found.total,
      };
    },
  };
}

/**
 * `GET /physician/graftsearch/{lot}`: a physician reads free grafts of active banks and the
 * grafts assigned to their clinics; auditors read any listed graft. Anything else is 404,
 * so lots of other clinics do not leak.
 */
export function getGraftForPhysician(deps: GraftsDeps, principal: Principal | null, lot: string): Cacheable<Graft> {
  const scope = clinicReadScope(principal);
  const today = todayOf(deps);
  return {
    key: `graft:${today}:${scope.all ? '*' : scope.ids.join(',')}:${lot}`,
    compute: () => readGraftForPhysician(deps, scope, lot, today),
  };
}

async function readGraftForPhysician(
  deps: GraftsDeps,
  scope: ReturnType<typeof clinicReadScope>,
  lot: string,
  today: string,
): Promise<Graft> {
  const row = await repo.findListedGraftByLot(deps.db, lot);
  if (!row) {
    throw notFound({ key: 'problem.noGraft', params: { lot } });
  }
  const ownClinic = scope.all || (row.clinicId !== null && scope.ids.includes(row.clinicId));
  if (!ownClinic && !(await isFreeForEveryPhysician(deps.db, row, today))) {
    throw notFound({ key: 'problem.noGraft', params: { lot } });
  }
  return presentGraft(deps.db, row, today);
}

/**
 * `GET /grafts/by-code/{code}`: the graft a package's code names (lot, SEC, ISBT 128 data
 * structure 038), under the graft details' rules: physicians read free grafts of active banks and
 * their clinics' grafts, employees their banks' grafts, auditors any listed graft; anything else is
 * 404 like an unknown code, so other tenants' codes do not leak.
 */
export async function findGraftByCode(deps: GraftsDeps, principal: Principal | null, text: string): Promise<Graft> {
  const caller = requireUser(principal);
  if (!caller.audit && caller.clinicIds.length === 0 && caller.euteIds.length === 0) {
    throw forbidden({ key: 'problem.grafts.whoLooksUp' });
  }
  const code = parseGraftCode(text);
  if ('error' in code) {
    throw invalidField('problem.grafts.codeInvalid', fieldError('code', code.error));
  }
  const today = todayOf(deps);
  const rows =
    code.kind === 'lot'
      ? [await repo.findListedGraftByLot(deps.db, code.lot)].filter((row) => row !== undefined)
      : await repo.findListedGraftsBySec(deps.db, code.sec);
  for (const row of rows) {
    const readable =
      caller.audit ||
      caller.euteIds.includes(row.euteId) ||
      (caller.clinicIds.length > 0 &&
        ((row.clinicId !== null && caller.clinicIds.includes(row.clinicId)) ||
          (await isFreeForEveryPhysician(deps.db, row, today))));
    if (readable) {
      return presentGraft(deps.db, row, today);
    }
  }
  throw notFound({
    key: 'problem.grafts.noGraftWithCode',
    params: { code: code.kind === 'lot' ? code.lot : formatSingleEuropeanCode(code.parts) },
  });
}

/** Free on `today`, not quarantined, and of an active bank: a graft every physician may see (docs/decisions.md §5). */
export async function isFreeForEveryPhysician(executor: Executor, row: GraftRow, today: string): Promise<boolean> {
  return isOpenOn(row, today) && (await repo.isEuteActive(executor, row.euteId));
}

/**
 * After a change to grafts commits, those who see them hear `graftsChanged` and re-fetch
 * (docs/decisions.md §8): the one announcement of files, request steps and imports. A row is judged
 * Free here; an import, which knows each lot's status already, passes it as a `ChangedGraft`.
 */
export async function announceGraftsChanged(
  deps: { db: Executor; now: () => Date; push: PushPublisher },
  grafts: readonly (GraftRow | ChangedGraft)[],
): Promise<void> {
  if (grafts.length === 0) {
    return;
  }
  const today = todayOf(deps);
  const changed = await Promise.all(
    grafts.map(async (graft): Promise<ChangedGraft> =>
      'eLot' in graft
        ? {
            lot: graft.eLot,
            euteId: graft.euteId,
            clinicId: graft.clinicId,
            free: await isFreeForEveryPhysician(deps.db, graft, today),
          }
        : graft,
    ),
  );
  deps.push.publish(graftsChanged(changed));
}

/** One graft row as the wire Graft, with its file lists. */
export async function presentGraft(executor: Executor, row: GraftRow, today: string): Promise<Graft> {
  const [graft] = await presentGrafts(executor, [row], today);
  return graft as Graft;
}

type ListedStatus = typeof ListStatus.Current | typeof ListStatus.Archive;

/** One page of the grafts in a list status within the caller's scope (`scopeOf`), with their file lists. */
function listInStatus(scopeOf: (principal: Principal | null) => repo.GraftScope) {
  return async (
    deps: GraftsDeps,
    principal: Principal | null,
    status: ListedStatus,
    page: Page,
    sort?: GraftSort,
  ): Promise<Paged<Graft>> => {
    const today = todayOf(deps);
    const rows = await repo.listGraftsInStatus(deps.db, scopeOf(principal), status, today, page, sort);
    return { items: await presentGrafts(deps.db, rows.items, today), total: rows.total };
  };
}

/** `GET /physician/currentgrafts` and `/archivgrafts`: grafts assigned to the caller's clinics. */
export const listClinicGrafts = listInStatus((principal) => {
  const scope = clinicReadScope(principal);
  return scope.all ? { all: true } : { clinicIds: scope.ids };
});

/** `GET /euteemployee/currentdonations` and `/donationsarchiv`: grafts of the caller's banks. */
export const listEuteDonations = listInStatus((principal) => {
  const scope = euteReadScope(principal);
  return scope.all ? { all: true } : { euteIds: scope.ids };
});

/** `GET /euteemployee/currentdonations/{lot}`: any listed graft of the caller's banks; others are 404. */
export async function getDonation(deps: GraftsDeps, principal: Principal | null, lot: string): Promise<Graft> {
  const scope = euteReadScope(principal);
  const row = await repo.findListedGraftByLot(deps.db, lot);
  if (!row || (!scope.all && !scope.ids.includes(row.euteId))) {
    throw notFound({ key: 'problem.noDonation', params: { lot } });
  }
  return presentGraft(deps.db, row, todayOf(deps));
}

/** A graft of the stock with its state; the donations module adds the fitting entries. */
export type StockItem = Omit<StockGraft, 'fittingEntries'>;

/**
 * `GET /euteemployee/currentdonations`: one page of the caller's banks' stock, every graft not in
 * the Archive with its state (docs/decisions.md "The bank's stock"); auditors read every bank's.
 */
export async function listEuteStock(
  deps: GraftsDeps,
  principal: Principal | null,
  filter: repo.StockFilter,
  page: Page,
): Promise<Paged<StockItem>> {
  const scope = euteReadScope(principal);
  const today = todayOf(deps);
  const rows = await repo.listStock(deps.db, scope.all ? { all: true } : { euteIds: scope.ids }, filter, today, page);
  const grafts = await presentGrafts(deps.db, rows.items, today);
  const items = rows.items.map((row, index) => {
    const graft = grafts[index] as Graft;
    const listed = graft.listStatus === ListStatus.Current ? ListStatus.Current : ListStatus.Free;
    return { ...graft, stockState: stockState(listed, row.deliveryStatus, row.held === 1) };
  });
  return { items, total: rows.total };
}
