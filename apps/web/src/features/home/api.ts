import type { AdminDashboard, EuteDashboard, MatchesSeen, PhysicianDashboard, StockTrend } from '@graftmatch/domain';
import { call } from '../../api/call';

export function getPhysicianDashboard(): Promise<PhysicianDashboard> {
  return call('GET /physician/dashboard');
}

export function getEuteDashboard(): Promise<EuteDashboard> {
  return call('GET /euteemployee/dashboard');
}

export function getAdminDashboard(): Promise<AdminDashboard> {
  return call('GET /admin/dashboard');
}

export function getStockTrend(): Promise<StockTrend> {
  return call('GET /euteemployee/dashboard/trend');
}

/** The physician looked at their waiting list: their home counts new matches from now on. */
export function markMatchesSeen(): Promise<MatchesSeen> {
  return call('POST /physician/dashboard/matches-seen');
}
