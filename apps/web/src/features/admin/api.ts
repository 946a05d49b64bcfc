import type {
  BankReminderSettings,
  BankReminderSettingsRequest,
  MailListPage,
  PageQuery,
  MailState,
  OutboxMail,
  AddClinicRequest,
  AddEuteRequest,
  ApiKey,
  CreateApiKeyResponse,
  AddUserRequest,
  AuditLogPage,
  AuditLogQuery,
  Clinic,
  Eute,
  PatchClinicRequest,
  PatchEuteRequest,
  PatchUserRequest,
  User,
  TestAlertResult,
  UserAttention,
  SsoConfig,
  SsoConfigInput,
  SsoOrganisationType,
  SystemClient,
  SystemClientInput,
} from '@graftmatch/domain';
import { call, download } from '../../api/call';
import type { DownloadedFile } from '../../api/client';

export type { AuditLogPage } from '@graftmatch/domain';

/** `all` leaves the `active` filter out. */
export type ActiveFilter = 'all' | 'active' | 'inactive';

function activeQuery(filter: ActiveFilter) {
  return { active: filter === 'all' ? undefined : filter === 'active' };
}

// Users

/** Users, optionally only active or inactive ones, and only those needing one attention (`show`). */
export function listUsers(filter: ActiveFilter = 'all', show?: UserAttention): Promise<User[]> {
  return call('GET /admin/users', { query: { ...activeQuery(filter), ...(show && { show }) } });
}

export function getUser(id: string): Promise<User> {
  return call('GET /admin/user/{id}', { params: { id } });
}

export function addUser(body: AddUserRequest): Promise<User> {
  return call('POST /admin/users/add', { body });
}

export function patchUser(body: PatchUserRequest): Promise<User> {
  return call('PATCH /admin/user', { body });
}

// The spec's API switches activation with GETs.
export function setUserActive(id: string, active: boolean): Promise<User> {
  return call(active ? 'GET /admin/user/activate/{id}' : 'GET /admin/user/deactivate/{id}', { params: { id } });
}

/** Ends every session of the user; the account stays active. */
export function endUserSessions(id: string): Promise<void> {
  return call('POST /admin/user/endsessions/{id}', { params: { id } });
}

// Clinics

export function listClinics(filter: ActiveFilter = 'all'): Promise<Clinic[]> {
  return call('GET /admin/clinics', { query: activeQuery(filter) });
}

export function getClinic(id: string): Promise<Clinic> {
  return call('GET /admin/clinics/{id}', { params: { id } });
}

export function addClinic(body: AddClinicRequest): Promise<Clinic> {
  return call('POST /admin/clinics/add', { body });
}

export function patchClinic(id: string, body: PatchClinicRequest): Promise<Clinic> {
  return call('PATCH /admin/clinics/{id}', { params: { id }, body });
}

export function setClinicActive(id: string, active: boolean): Promise<Clinic> {
  return call(active ? 'GET /admin/clinics/activate/{id}' : 'GET /admin/clinics/deactivate/{id}', {
    params: { id },
  });
}

// Tissue banks

export function listEutes(filter: ActiveFilter = 'all'): Promise<Eute[]> {
  return call('GET /admin/eutes', { query: activeQuery(filter) });
}

export function getEute(id: string): Promise<Eute> {
  return call('GET /admin/eutes/{id}', { params: { id } });
}

export function patchEute(id: string, body: PatchEuteRequest): Promise<Eute> {
  return call('PATCH /admin/eutes/{id}', { params: { id }, body });
}

export function addEute(body: AddEuteRequest): Promise<Eute> {
  return call('POST /admin/eutes/add', { body });
}

export function setEuteActive(id: string, active: boolean): Promise<Eute> {
  return call(active ? 'GET /admin/eutes/activate/{id}' : 'GET /admin/eutes/deactivate/{id}', { params: { id } });
}

/** Days the bank needs from assignment to delivery (docs/decisions.md "Lead time"). */
export function setLeadTime(id: string, days: number): Promise<{ id: string; leadTimeDays: number }> {
  return call('PATCH /admin/eutes/{id}/leadtime', { params: { id }, body: { days } });
}

/**
 * When the bank hears of grafts nearing expiry and of unanswered requests, and the admins of a bank
 * without imports (docs/decisions.md "Reminders").
 */
export function getReminderSettings(id: string): Promise<BankReminderSettings> {
  return call('GET /admin/eutes/{id}/reminders', { params: { id } });
}

export function setReminderSettings(id: string, body: BankReminderSettingsRequest): Promise<BankReminderSettings> {
  return call('PATCH /admin/eutes/{id}/reminders', { params: { id }, body });
}

// A bank's API keys for its own system's imports (docs/import.md "API keys").

export function listApiKeys(id: string): Promise<ApiKey[]> {
  return call('GET /admin/eutes/{id}/apikeys', { params: { id } });
}

/** The answer holds the key itself: the only time it is ever shown. */
export function createApiKey(id: string, label: string): Promise<CreateApiKeyResponse> {
  return call('POST /admin/eutes/{id}/apikeys', { params: { id }, body: { label } });
}

export function revokeApiKey(id: string, keyId: string): Promise<void> {
  return call('DELETE /admin/eutes/{id}/apikeys/{keyId}', { params: { id, keyId } });
}

// An organisation's single sign-on with its OpenID Provider (docs/api.md "Single sign-on").

/** The clinic's or bank's sign-on; null while none is set up. */
export function getSsoConfig(organisationType: SsoOrganisationType, organisationId: string): Promise<SsoConfig | null> {
  return call('GET /admin/sso/{organisationType}/{organisationId}', { params: { organisationType, organisationId } });
}

/** Sets it up or changes it; the server reads the issuer's discovery document first. */
export function putSsoConfig(
  organisationType: SsoOrganisationType,
  organisationId: string,
  body: SsoConfigInput,
): Promise<SsoConfig> {
  return call('PUT /admin/sso/{organisationType}/{organisationId}', {
    params: { organisationType, organisationId },
    body,
  });
}

/** Its members sign in with password (and PIN or passkey) again. */
export function deleteSsoConfig(organisationType: SsoOrganisationType, organisationId: string): Promise<void> {
  return call('DELETE /admin/sso/{organisationType}/{organisationId}', {
    params: { organisationType, organisationId },
  });
}

// An organisation's systems reading FHIR without a person (docs/fhir.md "System clients").

/** The clinic's or bank's registered systems, newest first, revoked ones included. */
export function listSystemClients(
  organisationType: SsoOrganisationType,
  organisationId: string,
): Promise<SystemClient[]> {
  return call('GET /admin/system-clients/{organisationType}/{organisationId}', {
    params: { organisationType, organisationId },
  });
}

/** Registers a system with its public keys and scopes; the answer's `id` is its `client_id`. */
export function registerSystemClient(
  organisationType: SsoOrganisationType,
  organisationId: string,
  body: SystemClientInput,
): Promise<SystemClient> {
  return call('POST /admin/system-clients/{organisationType}/{organisationId}', {
    params: { organisationType, organisationId },
    body,
  });
}

/** No new token for the system, and the tokens it holds stop working at once. */
export function revokeSystemClient(
  organisationType: SsoOrganisationType,
  organisationId: string,
  clientId: string,
): Promise<SystemClient> {
  return call('POST /admin/system-clients/{organisationType}/{organisationId}/{clientId}/revoke', {
    params: { organisationType, organisationId, clientId },
  });
}

// Audit log and test alert

/** The audit log's filters: text fields and `yyyy-mm-dd` days, that whole day included (UTC). */
export type AuditLogFilter = Omit<AuditLogQuery, 'limit' | 'offset'>;

export function getAuditLog(filter: AuditLogFilter, page: PageQuery, signal?: AbortSignal): Promise<AuditLogPage> {
  return call('GET /admin/auditlog', { query: { ...filter, ...page }, signal });
}

/** The rows the same filters show, as CSV for an inspection, worded in the UI's language. */
export function downloadAuditLog(filter: AuditLogFilter): Promise<DownloadedFile> {
  return download('GET /admin/auditlog/export', 'text/csv, application/problem+json', { query: filter });
}

/** Every connected user sees the message as an alert (push event `testR`); the answer says how many. */
export function sendTestAlert(message: string): Promise<TestAlertResult> {
  return call('POST /admin/testR', { body: { message } });
}

// Mails

export function listMails(state: MailState | undefined, page: PageQuery, signal?: AbortSignal): Promise<MailListPage> {
  return call('GET /admin/mails', { query: { state, ...page }, signal });
}

export function retryMail(id: string): Promise<OutboxMail> {
  return call('POST /admin/mails/{id}/retry', { params: { id } });
}
