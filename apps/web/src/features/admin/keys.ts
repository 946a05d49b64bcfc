import type { SsoOrganisationType } from '@graftmatch/domain';
import type { ActiveFilter, AuditLogFilter } from './api';

/** Query keys of the admin area; every write invalidates `adminKeys.all` (spec §4: edits reload the lists). */
export const adminKeys = {
  all: ['admin'] as const,
  users: (filter: ActiveFilter) => ['admin', 'users', filter] as const,
  user: (id: string) => ['admin', 'user', id] as const,
  clinics: (filter: ActiveFilter) => ['admin', 'clinics', filter] as const,
  clinic: (id: string) => ['admin', 'clinic', id] as const,
  eutes: (filter: ActiveFilter) => ['admin', 'eutes', filter] as const,
  eute: (id: string) => ['admin', 'eute', id] as const,
  apiKeys: (id: string) => ['admin', 'eute', id, 'apikeys'] as const,
  reminders: (id: string) => ['admin', 'eute', id, 'reminders'] as const,
  sso: (type: SsoOrganisationType, id: string) => ['admin', 'sso', type, id] as const,
  systemClients: (type: SsoOrganisationType, id: string) => ['admin', 'system-clients', type, id] as const,
  auditLog: (filter: AuditLogFilter) => ['admin', 'auditlog', filter] as const,
  mails: (state: string) => ['admin', 'mails', state] as const,
};
