import {
  DASHBOARD_ITEMS,
  buildFitCounter,
  EXPIRY_HORIZONS,
  STALE_IMPORT_DAYS,
  demandDiameter,
  diameterBand,
  importIsStale,
  isLapsing,
  nextVigilanceDeadline,
  openStage,
  requestAge,
  shiftDate,
  trendMonths,
  utcDate,
  type DashboardEntry,
  type DashboardRequest,
  type DashboardVigilanceReport,
  type EntryAttention,
  type EuteDashboard,
  type ImportSummary,
  type PhysicianDashboard,
  type StockDemandCell,
  type StockTrend,
} from '@graftmatch/domain';
import type { Kysely } from 'kysely';
import type { VersionMemo } from '../../cache/version-memo';
import type { DataVersions } from '../../db/data-versions';
import { endOfMinuteMs, type Cacheable } from '../../http/answer-cache';
import type { DB } from '../../db/types';
import { clinicReadScope, euteReadScope } from '../../identity/policy';
import type { Principal } from '../../identity/principal';
import type { FitCounts } from '../waitinglist/fit-counts';
import { entryCriteria } from '../waitinglist/waitinglist.mapper';
import { entriesNeedingAttention, type EntryRow } from '../waitinglist/waitinglist.service';
import * as repo from './dashboards.repository';

// The homes of each role (docs/decisions.md "Dashboards"): every counter counts the rows its
// linked list shows, so each counter is made from the same rule as that list.

export interface DashboardsDeps {
  db: Kysely<DB>;
  now: () => Date;
  /** Reads kept while the data versions they depend on stay the same (docs/performance.md "Homes"). */
  remember: VersionMemo;
  /** The waiting list's fit counts, so a home counts matches as the waiting list does. */
  fitCounts: FitCounts;
}

const LOTS_PER_ENTRY = 5;

export const counted = <T>(items: readonly T[]) => ({ count: items.length, items: items.slice(0, DASHBOARD_ITEMS) });

const toRequest = (row: repo.RequestItemRow): DashboardRequest => ({
  id: row.id,
  lot: row.eLot,
  state: row.state,
  patientCode: row.patientCode,
  clinic: row.cName,
  requestedAt: row.createdAt,
  deadline: row.deadline,
});

const toEntry = (row: EntryRow, fitting: number, lots: string[] = []): DashboardEntry => ({
  id: row.id,
  patientCode: row.patientCode,
  type: row.queryType,
  dMin: row.queryDMin,
  dMax: row.queryDMax,
  from: row.queryIMin,
  until: row.queryIMax,
  fitting,
  lots,
});

/**
 * Of the matched entries, those a Free graft written after `seenAt` fits (docs/decisions.md
 * "Dashboards"): the fit counter of the waiting list, built on just those grafts. Never looked: all.
 */
async function newSince(
  db: Kysely<DB>,
  matched: readonly { row: EntryRow }[],
  seenAt: string | null,
  today: string,
): Promise<number> {
  if (seenAt === null || matched.length === 0) {
    return matched.length;
  }
  const changed = await repo.freeGraftsChangedSince(db, seenAt, today);
  if (changed.length === 0) {
    return 0;
  }
  const counter = buildFitCounter(changed);
  return matched.filter(({ row }) => {
    const criteria = entryCriteria(row);
    return criteria !== null && counter.count(criteria) > 0;
  }).length;
}

/**
 * `POST /physician/dashboard/matches-seen`: the caller looked at their waiting list now, so their
 * home counts new matches from here on. Physicians, and auditors for their own home.
 */
export async function markMatchesSeen(deps: Omit<DashboardsDeps, 'fitCounts'>, principal: Principal | null) {
  const { caller } = clinicReadScope(principal);
  const seenAt = deps.now().toISOString();
  await repo.markMatchesSeen(deps.db, caller.userId, seenAt);
  return { seenAt };
}

/**
 * `GET /physician/dashboard`: the caller's reservations awaiting an answer (soonest deadline first),
 * grafts to receive and implantations to record; of their open entries those free grafts fit, those
 * at risk (the window opens within the longest lead time of an active bank, nothing fits) and those
 * whose window has passed. Kept as the bytes sent per caller and day until a graft, entry, request
 * or look at the matches changes it (docs/performance.md "Homes").
 */
export function physicianDashboard(deps: DashboardsDeps, principal: Principal | null): Cacheable<PhysicianDashboard> {
  const scope = clinicReadScope(principal);
  const today = utcDate(deps.now());
  const own = scope.all ? '*' : scope.ids.join(',');
  return {
    key: `home:physician:${scope.caller.userId}:${own}:${today}`,
    alsoReads: ['waitingList', 'activity'],
    // Computed for the day the key names, even when the computation starts after midnight.
    compute: () => readPhysicianDashboard(deps, scope, today),
  };
}

async function readPhysicianDashboard(
  deps: DashboardsDeps,
  scope: ReturnType<typeof clinicReadScope>,
  today: string,
): Promise<PhysicianDashboard> {
  const now = deps.now();
  const [requests, needing, seenAt] = await Promise.all([
    repo.requestsIn(
      deps.db,
      scope.all ? { all: true } : { requesterUserId: scope.caller.userId, clinicIds: scope.ids },
      ['reserved', 'assigned', 'delivered'],
    ),
    deps.remember(
      `attention:${scope.all ? '*' : `${scope.caller.userId}:${scope.ids.join(',')}`}`,
      (versions) => `${versions.graftData}:${versions.waitingList}:${today}`,
      () =>
        entriesNeedingAttention(
          deps,
          scope.all ? { activeClinics: true } : { ownerUserId: scope.caller.userId, clinicIds: scope.ids },
          today,
        ),
    ),
    repo.matchesSeenAt(deps.db, scope.caller.userId),
  ]);
  const needs = (attention: EntryAttention) => needing.filter((entry) => entry.attention === attention);
  const matched = needs('matches');
  // Lots only for the entries shown: the counter comes from the fit counts, not a query per entry.
  const shown = await Promise.all(
    matched.slice(0, DASHBOARD_ITEMS).map(async ({ row, fitting }) =>
      toEntry(
        row,
        fitting,
        await deps.remember(
          `lots:${row.id}`,
          (versions) => `${versions.graftData}:${versions.waitingList}:${today}`,
          () => repo.fittingLots(deps.db, row, today, LOTS_PER_ENTRY),
        ),
      ),
    ),
  );
  const newMatches = await newSince(deps.db, matched, seenAt, today);
  const inState = (state: string) => requests.filter((row) => row.state === state).map(toRequest);
  return {
    serverTime: now.toISOString(),
    awaitingAnswer: counted(inState('reserved').sort((a, b) => (a.deadline ?? '').localeCompare(b.deadline ?? ''))),
    toReceive: counted(inState('assigned')),
    toRecord: counted(inState('delivered')),
    matches: { count: matched.length, items: shown },
    newMatches: { count: newMatches, since: seenAt },
    atRisk: counted(needs('atRisk').map(({ row }) => toEntry(row, 0))),
    passed: counted(needs('passed').map(({ row }) => toEntry(row, 0))),
  };
}

type CountBySize = { type: number; diameter: number | null; n: number };

/** Free grafts per size less those reserved: the free stock (stock state `free`) per size. */
export function lessReserved(free: readonly CountBySize[], reserved: readonly CountBySize[]): CountBySize[] {
  const sizeOf = (row: CountBySize) => `${row.type}:${row.diameter}`;
  const held = new Map(reserved.map((row) => [sizeOf(row), row.n]));
  return free.map((row) => ({ ...row, n: row.n - (held.get(sizeOf(row)) ?? 0) })).filter((row) => row.n > 0);
}

/** Stock against demand: free stock and open demand per graft type and 5 mm band, by type then band. */
export function stockDemandCells(
  stock: readonly CountBySize[],
  demand: readonly { type: number; min: number; max: number; n: number }[],
): StockDemandCell[] {
  const cells = new Map<string, StockDemandCell>();
  const cell = (type: number, band: number | null) => {
    const key = `${type}:${band}`;
    let found = cells.get(key);
    if (!found) {
      found = { type, band, stock: 0, demand: 0 };
      cells.set(key, found);
    }
    return found;
  };
  for (const row of stock) {
    cell(row.type, diameterBand(row.diameter)).stock += row.n;
  }
  for (const row of demand) {
    cell(row.type, diameterBand(demandDiameter(row))).demand += row.n;
  }
  return [...cells.values()].sort((a, b) => a.type - b.type || (a.band ?? -1) - (b.band ?? -1));
}

/**
 * `GET /euteemployee/dashboard`: the caller's banks' open requests by age (oldest first),
 * reservations lapsing within a day, assigned grafts awaiting delivery, stock expiring within 30,
 * 60 and 90 days (soonest first), stock against demand, the last import, and the open vigilance
 * reports with the deadline of their open part (soonest first). Kept as the bytes sent per scope
 * and minute until a write changes it (docs/performance.md "Homes").
 */
export function euteDashboard(deps: DashboardsDeps, principal: Principal | null): Cacheable<EuteDashboard> {
  const read = euteReadScope(principal);
  const banks = read.all ? '*' : [...read.ids].sort().join(',');
  return {
    key: `home:bank:${banks}`,
    alsoReads: ['waitingList', 'activity'],
    // A request's age, a reservation lapsing and a stale import move with the clock.
    holdsUntilMs: endOfMinuteMs(deps.now().getTime()),
    compute: () => readEuteDashboard(deps, read.all ? { all: true } : { euteIds: read.ids }, banks),
  };
}

async function readEuteDashboard(deps: DashboardsDeps, scope: repo.BankScope, banks: string): Promise<EuteDashboard> {
  const now = deps.now();
  const today = utcDate(now);
  const [h30, h60, h90] = EXPIRY_HORIZONS.map((days) => shiftDate(today, days)) as [string, string, string];
  const graftDataOn = (versions: DataVersions) => `${versions.graftData}:${today}`;
  const [requests, expiring, free, reserved, demand, last, silence, vigilance] = await Promise.all([
    repo.requestsIn(deps.db, scope, ['requested', 'reserved', 'assigned']),
    deps.remember(`expiring:${banks}`, graftDataOn, () =>
      repo.expiringStock(deps.db, scope, today, [h30, h60, h90], DASHBOARD_ITEMS),
    ),
    deps.remember(`free:${banks}`, graftDataOn, () => repo.freeBySize(deps.db, scope, today)),
    repo.reservedBySize(deps.db, scope, today),
    deps.remember(
      'demand',
      (versions) => `${versions.waitingList}:${versions.graftData}`,
      () => repo.openDemandBySize(deps.db),
    ),
    repo.latestImport(deps.db, scope),
    repo.shortestImportSilence(deps.db, scope),
    repo.openVigilanceReports(deps.db, scope),
  ]);
  const staleAfterDays = silence ?? STALE_IMPORT_DAYS;
  const open = requests.filter((row) => row.state === 'requested').map(toRequest);
  const byAge = { day: 0, days: 0, older: 0 };
  for (const request of open) {
    byAge[requestAge(request.requestedAt, now)] += 1;
  }
  const summary = last?.summary ? (JSON.parse(last.summary) as Partial<ImportSummary>) : {};
  return {
    serverTime: now.toISOString(),
    openRequests: { ...counted(open), byAge },
    lapsing: counted(
      requests
        .filter((row) => isLapsing(row, now))
        .map(toRequest)
        .sort((a, b) => (a.deadline ?? '').localeCompare(b.deadline ?? '')),
    ),
    awaitingDelivery: counted(requests.filter((row) => row.state === 'assigned').map(toRequest)),
    expiring: {
      within30: expiring.counts[0],
      within60: expiring.counts[1],
      within90: expiring.counts[2],
      items: expiring.items.map((row) => ({
        lot: row.eLot,
        type: row.tProdName2,
        diameter: row.tDproximal,
        expiry: row.expiryDate!,
      })),
    },
    stockDemand: stockDemandCells(lessReserved(free, reserved), demand),
    lastImport: last ? { id: last.id, date: last.date, rows: summary.rows ?? 0, failed: summary.failed ?? 0 } : null,
    staleImport: importIsStale(last?.date ?? null, now, staleAfterDays),
    staleAfterDays,
    vigilance: counted(vigilance.map(toVigilanceReport)),
  };
}

const toVigilanceReport = (row: Awaited<ReturnType<typeof repo.openVigilanceReports>>[number]) =>
  ({
    id: row.id,
    kind: row.kind,
    reference: row.reference,
    lot: row.eLot,
    stage: openStage(row.state)!,
    deadline: nextVigilanceDeadline(row)!,
  }) satisfies DashboardVigilanceReport;

/**
 * `GET /euteemployee/dashboard/trend`: per month of the last 12 and graft type, the banks' free
 * stock and the open demand at the month's end (docs/decisions.md "Dashboards"). Past months are
 * read from the grafts' and entries' dates; this month is today's stock and demand, by the rules
 * of the stock against demand, so its totals are theirs.
 */
export function stockTrend(
  deps: Omit<DashboardsDeps, 'fitCounts'>,
  principal: Principal | null,
): Cacheable<StockTrend> {
  const read = euteReadScope(principal);
  const scope: repo.BankScope = read.all ? { all: true } : { euteIds: read.ids };
  const today = utcDate(deps.now());
  // The grafts' and entries' versions and the day decide the answer: kept as the bytes sent until one changes.
  return {
    key: `trend:${today}:${read.all ? '*' : read.ids.join(',')}`,
    alsoReads: ['waitingList'],
    compute: () => readTrend(deps.db, scope, today),
  };
}

async function readTrend(db: Kysely<DB>, scope: repo.BankScope, today: string): Promise<StockTrend> {
  const months = trendMonths(today);
  const past = months.slice(0, -1).map((month) => month.asOf);
  const [stockThen, demandThen, freeNow, reservedNow, demandNow] = await Promise.all([
    repo.freeStockOn(db, scope, past),
    repo.openDemandOn(db, past),
    repo.freeBySize(db, scope, today),
    repo.reservedBySize(db, scope, today),
    repo.openDemandBySize(db),
  ]);
  const stockNow = lessReserved(freeNow, reservedNow);
  const perType = new Map<number, { stock: number[]; demand: number[] }>();
  const of = (type: number) => {
    let found = perType.get(type);
    if (!found) {
      found = { stock: months.map(() => 0), demand: months.map(() => 0) };
      perType.set(type, found);
    }
    return found;
  };
  const last = months.length - 1;
  for (const row of stockThen) {
    row.counts.forEach((n, index) => (of(row.type).stock[index] = n));
  }
  for (const row of demandThen) {
    row.counts.forEach((n, index) => (of(row.type).demand[index] = n));
  }
  for (const row of stockNow) {
    of(row.type).stock[last]! += row.n;
  }
  for (const row of demandNow) {
    of(row.type).demand[last]! += row.n;
  }
  const types = [...perType.keys()].sort((a, b) => a - b);
  return {
    months: months.map((month, index) => ({
      ...month,
      types: types.map((type) => ({
        type,
        stock: perType.get(type)!.stock[index]!,
        demand: perType.get(type)!.demand[index]!,
      })),
    })),
  };
}
