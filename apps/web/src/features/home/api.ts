import type { AdminDashboard, EuteDashboard, PhysicianDashboard } from '@graftmatch/domain';
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
