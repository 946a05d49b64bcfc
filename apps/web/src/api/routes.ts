import type {
  AddClinicRequest,
  AddUserRequest,
  AddWaitingListRequest,
  AuditLogEntry,
  Clinic,
  Eute,
  Graft,
  GraftSearchQuery,
  PatchClinicRequest,
  PatchEuteRequest,
  PatchUserRequest,
  PatchUserSettingsRequest,
  PatchWaitingListRequest,
  RecoverPasswordRequest,
  RecoveryRequest,
  ResetPasswordRequest,
  SessionTokens,
  TwoFactorRequest,
  TwoFactorSchema,
  User,
  UserSettings,
  WaitingListEntry,
} from '@graftmatch/domain';

/** `true`/`false` as a query string carries them; leaving it out lists everything. */
type ActiveQuery = { active?: 'true' | 'false' | undefined };

/** A day `yyyy-mm-dd` and text filters of the audit log, plus its page. */
export interface AuditLogQuery {
  limit: number;
  offset: number;
  actorId?: string | undefined;
  action?: string | undefined;
  targetType?: string | undefined;
  targetId?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

export interface AuditLogPage {
  items: AuditLogEntry[];
  total: number;
  limit: number;
  offset: number;
}

/**
 * Every API call the web app makes, as `METHOD /path/{param}` (below `/api`) with its path
 * parameters, query, body and answer, all typed by the domain's schemas: the one place the web
 * names a path (docs/decisions.md, "Typed client"). `call()` in `call.ts` takes these names.
 */
export interface ApiRoutes {
  'GET /auth/login': { response: TwoFactorSchema };
  'POST /auth/twofactor': { body: TwoFactorRequest; response: SessionTokens };
  'GET /auth/twofactorreset': { response: TwoFactorSchema };
  'POST /auth/recoveryrequest': { body: RecoveryRequest; response: void };
  'POST /auth/recovery/{token}': { params: { token: string }; body: RecoverPasswordRequest; response: void };
  'GET /users/getmyuser': { response: User };
  'GET /users/logout': { response: void };
  'POST /users/resetpassword': { body: ResetPasswordRequest; response: void };
  'GET /users/settings': { response: UserSettings };
  'PATCH /users/settings': { body: PatchUserSettingsRequest; response: UserSettings };

  'POST /physician/graftsearch': { body: GraftSearchQuery; response: Graft[] };
  'GET /physician/graftsearch/{lot}': { params: { lot: string }; response: Graft };
  'GET /physician/waitinglist': { response: WaitingListEntry[] };
  'POST /physician/waitinglist': { body: AddWaitingListRequest; response: WaitingListEntry };
  'PATCH /physician/waitinglist/{id}': {
    params: { id: string };
    body: PatchWaitingListRequest;
    response: WaitingListEntry;
  };
  'GET /physician/waitinglist/remove/{id}': { params: { id: string }; response: void };
  'GET /physician/currentgrafts': { response: Graft[] };
  'GET /physician/archivgrafts': { response: Graft[] };

  'GET /euteemployee/waitinglist': { response: WaitingListEntry[] };
  'GET /euteemployee/waitinglist/download': { response: Blob };
  'GET /euteemployee/currentdonations': { response: Graft[] };
  'GET /euteemployee/donationsarchiv': { response: Graft[] };
  'GET /euteemployee/currentdonations/{lot}': { params: { lot: string }; response: Graft };

  'GET /admin/users': { query: ActiveQuery; response: User[] };
  'GET /admin/user/{id}': { params: { id: string }; response: User };
  'POST /admin/users/add': { body: AddUserRequest; response: User };
  'PATCH /admin/user': { body: PatchUserRequest; response: User };
  'GET /admin/user/activate/{id}': { params: { id: string }; response: User };
  'GET /admin/user/deactivate/{id}': { params: { id: string }; response: User };
  'POST /admin/user/endsessions/{id}': { params: { id: string }; response: void };
  'GET /admin/clinics': { query: ActiveQuery; response: Clinic[] };
  'GET /admin/clinics/{id}': { params: { id: string }; response: Clinic };
  'POST /admin/clinics/add': { body: AddClinicRequest; response: Clinic };
  'PATCH /admin/clinics/{id}': { params: { id: string }; body: PatchClinicRequest; response: Clinic };
  'GET /admin/clinics/activate/{id}': { params: { id: string }; response: Clinic };
  'GET /admin/clinics/deactivate/{id}': { params: { id: string }; response: Clinic };
  'GET /admin/eutes': { query: ActiveQuery; response: Eute[] };
  'GET /admin/eutes/{id}': { params: { id: string }; response: Eute };
  'PATCH /admin/eutes/{id}': { params: { id: string }; body: PatchEuteRequest; response: Eute };
  'GET /admin/auditlog': { query: AuditLogQuery; response: AuditLogPage };
  'POST /admin/testR': { body: { message: string }; response: void };
}

export type RouteName = keyof ApiRoutes;
