import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { User } from '@graftmatch/domain';
import { getAdminDashboard, getEuteDashboard, getPhysicianDashboard } from './api';
import { dashboardKeys } from './keys';

export const physicianHomeQuery = queryOptions({ queryKey: dashboardKeys.physician, queryFn: getPhysicianDashboard });
export const euteHomeQuery = queryOptions({ queryKey: dashboardKeys.eute, queryFn: getEuteDashboard });
export const adminHomeQuery = queryOptions({ queryKey: dashboardKeys.admin, queryFn: getAdminDashboard });

type HomeAreas = Pick<User, 'clinics' | 'eutes' | 'admin' | 'audit'>;

// Which homes this browser's user saw last (not a secret: it only decides what to fetch early).
const REMEMBERED_HOMES_KEY = 'graftmatch.homes';

/** Fetches the homes a user sees on `/home` (one per area the user has, as HomePage shows them). */
export function prefetchHomesOf(client: QueryClient, user: HomeAreas) {
  const homes = { physician: user.clinics.length > 0, eute: user.eutes.length > 0, admin: user.admin || user.audit };
  localStorage.setItem(REMEMBERED_HOMES_KEY, JSON.stringify(homes));
  prefetchHomes(client, homes);
}

/**
 * Fetches the homes this browser's user saw last, beside the user itself rather than after it (one
 * round trip less before the home shows); a wrong guess costs one refused call.
 */
export function prefetchRememberedHomes(client: QueryClient) {
  try {
    const homes = JSON.parse(localStorage.getItem(REMEMBERED_HOMES_KEY) ?? 'null') as Record<string, unknown> | null;
    if (homes) {
      prefetchHomes(client, {
        physician: homes.physician === true,
        eute: homes.eute === true,
        admin: homes.admin === true,
      });
    }
  } catch {
    localStorage.removeItem(REMEMBERED_HOMES_KEY);
  }
}

// A home fetched a moment ago by the guess is not fetched again once the user confirms it.
const PREFETCH_FRESH_MS = 10_000;

function prefetchHomes(client: QueryClient, homes: { physician: boolean; eute: boolean; admin: boolean }) {
  const fresh = { staleTime: PREFETCH_FRESH_MS };
  if (homes.physician) {
    void client.prefetchQuery({ ...physicianHomeQuery, ...fresh });
  }
  if (homes.eute) {
    void client.prefetchQuery({ ...euteHomeQuery, ...fresh });
  }
  if (homes.admin) {
    void client.prefetchQuery({ ...adminHomeQuery, ...fresh });
  }
}
