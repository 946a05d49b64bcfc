import type {
  AddClinicRequest,
  AddUserRequest,
  AuditLogEntry,
  Clinic,
  Eute,
  PatchClinicRequest,
  PatchEuteRequest,
  PatchUserRequest,
  User,
} from '@graftmatch/domain';
import { apiRequest } from '../../api/client';

/** `all` leaves the `active` filter out. */
export type ActiveFilter = 'all' | 'active' | 'inactive';

function activeQuery(filter: ActiveFilter): string {
  return filter === 'all' ? '' : `?active=${filter === 'active' ? 'true' : 'false'}`;
}

const id = (value: string) => encodeURIComponent(value);

// Users

export function listUsers(filter: ActiveFilter = 'all'): Promise<User[]> {
  return apiRequest<User[]>(`/admin/users${activeQuery(filter)}`);
}

export function getUser(userId: string): Promise<User> {
  return apiRequest<User>(`/admin/user/${id(userId)}`);
}

export function addUser(body: AddUserRequest): Promise<User> {
  return apiRequest<User>('/admin/users/add', { method: 'POST', body });
}

export function patchUser(body: PatchUserRequest): Promise<User> {
  return apiRequest<User>('/admin/user', { method: 'PATCH', body });
}

// The spec's API switches activation with GETs.
export function setUserActive(userId: string, active: boolean): Promise<User> {
  return apiRequest<User>(`/admin/user/${active ? 'activate' : 'deactivate'}/${id(userId)}`);
}

/** Ends every session of the user; the account stays active. */
export function endUserSessions(userId: string): Promise<void> {
  return apiRequest<void>(`/admin/user/endsessions/${id(userId)}`, { method: 'POST' });
}

// Clinics

export function listClinics(filter: ActiveFilter = 'all'): Promise<Clinic[]> {
  return apiRequest<Clinic[]>(`/admin/clinics${activeQuery(filter)}`);
}

export function getClinic(clinicId: string): Promise<Clinic> {
  return apiRequest<Clinic>(`/admin/clinics/${id(clinicId)}`);
}

export function addClinic(body: AddClinicRequest): Promise<Clinic> {
  return apiRequest<Clinic>('/admin/clinics/add', { method: 'POST', body });
}

export function patchClinic(clinicId: string, body: PatchClinicRequest): Promise<Clinic> {
  return apiRequest<Clinic>(`/admin/clinics/${id(clinicId)}`, { method: 'PATCH', body });
}

export function setClinicActive(clinicId: string, active: boolean): Promise<Clinic> {
  return apiRequest<Clinic>(`/admin/clinics/${active ? 'activate' : 'deactivate'}/${id(clinicId)}`);
}

// Tissue banks

export function listEutes(filter: ActiveFilter = 'all'): Promise<Eute[]> {
  return apiRequest<Eute[]>(`/admin/eutes${activeQuery(filter)}`);
}

export function getEute(euteId: string): Promise<Eute> {
  return apiRequest<Eute>(`/admin/eutes/${id(euteId)}`);
}

export function patchEute(euteId: string, body: PatchEuteRequest): Promise<Eute> {
  return apiRequest<Eute>(`/admin/eutes/${id(euteId)}`, { method: 'PATCH', body });
}

// Audit log and test alert

export interface AuditLogFilter {
  actorId?: string | undefined;
  action?: string | undefined;
  targetType?: string | undefined;
  targetId?: string | undefined;
  /** `yyyy-mm-dd`, that whole day included (UTC). */
  from?: string | undefined;
  to?: string | undefined;
}

export interface AuditLogPage {
  items: AuditLogEntry[];
  total: number;
  limit: number;
  offset: number;
}

export function auditLogQuery(filter: AuditLogFilter, limit: number, offset: number): string {
  const params = new URLSearchParams({ limit: String(limit), offset: String(offset) });
  for (const [key, value] of Object.entries(filter)) {
    if (typeof value === 'string' && value.trim() !== '') {
      params.set(key, value.trim());
    }
  }
  return params.toString();
}

export function getAuditLog(filter: AuditLogFilter, limit: number, offset: number): Promise<AuditLogPage> {
  return apiRequest<AuditLogPage>(`/admin/auditlog?${auditLogQuery(filter, limit, offset)}`);
}

/** Every connected user sees the message as an alert (push event `testR`). */
export function sendTestAlert(message: string): Promise<void> {
  return apiRequest<void>('/admin/testR', { method: 'POST', body: { message } });
}
