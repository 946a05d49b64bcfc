import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { User } from '@graftmatch/domain';
import { getAdminDashboard, getEuteDashboard, getPhysicianDashboard } from './api';
import { dashboardKeys } from './keys';

export const physicianHomeQuery = queryOptions({ queryKey: dashboardKeys.physician, queryFn: getPhysicianDashboard });
export const euteHomeQuery = queryOptions({ queryKey: dashboardKeys.eute, queryFn: getEuteDashboard });
export const adminHomeQuery = queryOptions({ queryKey: dashboardKeys.admin, queryFn: getAdminDashboard });

/** Fetches the homes a user sees on `/home` (one per area the user has, as HomePage shows them). */
export function prefetchHomesOf(client: QueryClient, user: Pick<User, 'clinics' | 'eutes' | 'admin' | 'audit'>) {
  if (user.clinics.length > 0) {
    void client.prefetchQuery(physicianHomeQuery);
  }
  if (user.eutes.length > 0) {
    void client.prefetchQuery(euteHomeQuery);
  }
  if (user.admin || user.audit) {
    void client.prefetchQuery(adminHomeQuery);
  }
}
