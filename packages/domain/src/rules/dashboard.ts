// The homes' rules shared by server and web (docs/decisions.md "Dashboards").
import { DEFAULT_GRAFT_SEARCH_QUERY } from '../constants/default-search';
import type { GraftTypeNumber } from '../constants/graft-types';
import type { GraftSearchQuery } from '../schemas/graft-search';
import { DAY_MS } from './dates';
import { adjustDiameterRange } from './diameter-range';

/** Width of a diameter band of the stock-against-demand grid, in millimetres. */
export const DIAMETER_BAND_MM = 5;

/** Days without an import after which a bank's home warns (and the admin's home counts it stale). */
export const STALE_IMPORT_DAYS = 7;

/** The horizons of the bank's expiring stock, in days. */
export const EXPIRY_HORIZONS = [30, 60, 90] as const;

/** How near a graft's expiry is: within the first horizon (30 days) or within the last (90). */
export type ExpiryUrgency = 'within30' | 'within90';

/**
 * The urgency a graft list flags a graft's expiry with (both yyyy-mm-dd): the bank's stock and the
 * physician's search results mark the same grafts. Null beyond 90 days or for an unknown date.
 */
export function expiryUrgency(expiry: string | null, today: string): ExpiryUrgency | null {
  if (expiry === null) {
    return null;
  }
  const days = (Date.parse(expiry) - Date.parse(today)) / DAY_MS;
  return days <= EXPIRY_HORIZONS[0] ? 'within30' : days <= EXPIRY_HORIZONS[2] ? 'within90' : null;
}

/** Hours ahead in which a reservation counts as lapsing soon. */
export const LAPSING_WITHIN_HOURS = 24;

/** How many items a dashboard list carries at most; its counter counts them all. */
export const DASHBOARD_ITEMS = 20;

/**
 * The band a diameter falls in, named by its lower bound (20 for 20 ≤ d < 25); null for an unknown
 * diameter. A waiting-list entry is counted in the band of its range's middle.
 */
export function diameterBand(diameter: number | null): number | null {
  if (diameter === null || !Number.isFinite(diameter)) {
    return null;
  }
  return Math.floor(diameter / DIAMETER_BAND_MM) * DIAMETER_BAND_MM;
}

/** The middle of a waiting-list entry's diameter range, the diameter its demand is banded by. */
export function demandDiameter(range: { min: number; max: number }): number {
  return (range.min + range.max) / 2;
}

/** How a stock-against-demand cell reads at a glance: demand above stock is a shortage. */
export type StockDemandState = 'short' | 'covered' | 'stockOnly' | 'empty';

export function stockDemandState(cell: { stock: number; demand: number }): StockDemandState {
  if (cell.demand > cell.stock) {
    return 'short';
  }
  if (cell.demand > 0) {
    return 'covered';
  }
  return cell.stock > 0 ? 'stockOnly' : 'empty';
}

/** The cells short of stock, the largest gap first (then by type and band, as listed). */
export function shortagesFirst<T extends { type: number; band: number | null; stock: number; demand: number }>(
  cells: readonly T[],
): T[] {
  return cells
    .filter((cell) => stockDemandState(cell) === 'short')
    .sort(
      (a, b) =>
        b.demand - b.stock - (a.demand - a.stock) || a.type - b.type || (a.band ?? Infinity) - (b.band ?? Infinity),
    );
}

/** Age buckets of open requests (a response clock since the request): under a day, up to three days, older. */
export type RequestAge = 'day' | 'days' | 'older';

export function requestAge(requestedAt: string, now: Date): RequestAge {
  const hours = (now.getTime() - new Date(requestedAt).getTime()) / 3_600_000;
  return hours < 24 ? 'day' : hours < 72 ? 'days' : 'older';
}

/** Whether a bank's last import is older than `days` days (or there is none). */
export function importIsStale(lastImportAt: string | null, now: Date, days = STALE_IMPORT_DAYS): boolean {
  return lastImportAt === null || now.getTime() - new Date(lastImportAt).getTime() > days * 86_400_000;
}

/** Whether a reservation's deadline falls within LAPSING_WITHIN_HOURS of `now` (or has passed). */
export function isLapsing(request: { state: string; deadline: string | null }, now: Date): boolean {
  return (
    request.state === 'reserved' &&
    request.deadline !== null &&
    new Date(request.deadline).getTime() <= now.getTime() + LAPSING_WITHIN_HOURS * 3_600_000
  );
}

/** What a physician's open entry needs: a look at its matches, help because nothing fits soon, or closing. */
export const ENTRY_ATTENTION = ['matches', 'atRisk', 'passed'] as const;
export type EntryAttention = (typeof ENTRY_ATTENTION)[number];

/**
 * The attention an open entry needs on `today`: its window has passed; or Free grafts fit it; or
 * nothing fits and its window opens by `riskHorizon` (today plus the longest lead time of an active
 * bank). Null when none applies. The home's counters and the waiting list's filter both use it.
 */
export function entryAttention(
  entry: { from: string; until: string; fitting: number },
  today: string,
  riskHorizon: string,
): EntryAttention | null {
  if (entry.until < today) {
    return 'passed';
  }
  if (entry.fitting > 0) {
    return 'matches';
  }
  return entry.from <= riskHorizon ? 'atRisk' : null;
}

/** How many months a bank's stock/demand trend covers, this month included. */
export const TREND_MONTHS = 12;

/**
 * The months of the trend, oldest first: each named yyyy-mm with the day it is read at, its last
 * day, except this month, read at `today`.
 */
export function trendMonths(today: string, months = TREND_MONTHS): { month: string; asOf: string }[] {
  const [year, month] = today.split('-').map(Number) as [number, number];
  return Array.from({ length: months }, (_, index) => {
    const back = months - 1 - index;
    // Day 0 of the following month is the last day of this one.
    const last = new Date(Date.UTC(year, month - back, 0));
    const asOf = back === 0 ? today : last.toISOString().slice(0, 10);
    return { month: asOf.slice(0, 7), asOf };
  });
}

/** The quick search's diameter range: this many millimetres either side of the diameter typed. */
export const QUICK_SEARCH_TOLERANCE_MM = 2;

/**
 * The search a physician's home starts from a type, a diameter and perhaps a minimum length: the
 * diameter ± QUICK_SEARCH_TOLERANCE_MM within the search's bounds, otherwise the search's defaults.
 */
export function quickSearchQuery(type: GraftTypeNumber, diameter: number, minLength?: number): GraftSearchQuery {
  const [low, high] = adjustDiameterRange(
    [diameter, diameter],
    [diameter - QUICK_SEARCH_TOLERANCE_MM, diameter + QUICK_SEARCH_TOLERANCE_MM],
  );
  return {
    ...DEFAULT_GRAFT_SEARCH_QUERY,
    query_type: type,
    query_d_min: low,
    query_d_max: high,
    query_l_min: minLength ?? DEFAULT_GRAFT_SEARCH_QUERY.query_l_min,
  };
}
