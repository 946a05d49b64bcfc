import type {
  AddPasskeyRequest,
  Passkey,
  PasskeyCreationStart,
  PasskeyLoginRequest,
  PasskeyLoginStart,
  RenamePasskeyRequest,
  SignInSettings,
  SsoCompleteRequest,
  SsoConfig,
  SsoConfigInput,
  SsoDiscoverRequest,
  SsoDiscovery,
  SsoLogout,
  SsoOrganisationParams,
  SystemClient,
  SystemClientInput,
  SystemClientParams,
  AddPushSubscriptionRequest,
  NotificationPreferences,
  PushDevice,
  PushDeviceList,
  VapidPublicKey,
  CreateVigilanceReportRequest,
  LiftQuarantineRequest,
  Lookback,
  UpdateVigilanceReportRequest,
  VigilanceListQuery,
  VigilanceReport,
  VigilanceReportPage,
  FollowUp,
  FollowUpListQuery,
  FollowUpPage,
  MarkFollowUpLostRequest,
  RecordFollowUpRequest,
  RecordUnscheduledFollowUpRequest,
  ActiveListQuery,
  AdminDashboard,
  EuteDashboard,
  PhysicianDashboard,
  MatchesSeen,
  StockTrend,
  Outcomes,
  OutcomesQuery,
  BankReminderSettings,
  BankReminderSettingsRequest,
  AddClinicRequest,
  AddEuteRequest,
  ApiKey,
  CreateApiKeyRequest,
  CreateApiKeyResponse,
  AddUserRequest,
  AddWaitingListRequest,
  AuditLogPage,
  AuditChainReport,
  GraftHistory,
  MailListPage,
  MarkNotificationsReadRequest,
  MarkNotificationsReadResponse,
  NotificationListQuery,
  NotificationPage,
  MailListQuery,
  OutboxMail,
  PinMailStatus,
  AuditLogQuery,
  AuditLogExportQuery,
  Clinic,
  CorrectionRequest,
  CreateGraftRequestRequest,
  Eute,
  Graft,
  GraftRequest,
  GraftSearchQuery,
  ImportLogListItem,
  ImportResult,
  PatchClinicRequest,
  PatchEuteRequest,
  PatchUserRequest,
  PageQuery,
  PatchUserSettingsRequest,
  PatchWaitingListRequest,
  RecoverPasswordRequest,
  RequestHistory,
  RequestInbox,
  RequestSide,
  RequestStepActionOf,
  RequestStepBodies,
  RecoveryRequest,
  ResetPasswordRequest,
  SortedPageQuery,
  SortedSearchPageQuery,
  SessionTokens,
  StockGraft,
  StockQuery,
  TestAlertRequest,
  TestAlertResult,
  TwoFactorRequest,
  TwoFactorSchema,
  User,
  UserListQuery,
  UserSettings,
  WaitingListEntry,
  WaitingListQuery,
} from '@graftmatch/domain';

/** An upload of grafts: `dryRun` checks and writes nothing, `strict` refuses the whole file for one bad row. */
export interface ImportQuery {
  dryRun: 'true' | 'false';
  strict: 'true' | 'false';
  bank?: string | undefined;
}

export type TemplateFormat = 'csv' | 'xlsx';
export type ExportFormat = 'csv' | 'json' | 'xlsx';

/**
 * One side's request steps, `{action}` one of the side's actions and the body the domain's step map
 * gives that action (docs/api.md "Graft requests").
 */
interface RequestStepRoute<S extends RequestSide> {
  params: { id: string; action: RequestStepActionOf<S> };
  body: RequestStepBodies[RequestStepActionOf<S>];
  response: GraftRequest;
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
  'GET /auth/twofactor/status': { response: PinMailStatus };
  'POST /auth/recoveryrequest': { body: RecoveryRequest; response: void };
  'POST /auth/recovery/{token}': { params: { token: string }; body: RecoverPasswordRequest; response: void };
  'GET /users/getmyuser': { response: User };
  /** 204, or for a session begun by single sign-on the provider's end-session address (docs/api.md "Single sign-on"). */
  'GET /users/logout': { response: SsoLogout | undefined };
  'POST /users/resetpassword': { body: ResetPasswordRequest; response: void };
  'GET /users/settings': { response: UserSettings };
  'PATCH /users/settings': { body: PatchUserSettingsRequest; response: UserSettings };
  'POST /auth/passkey/options': { response: PasskeyLoginStart };
  'POST /auth/passkey/login': { body: PasskeyLoginRequest; response: SessionTokens };
  'POST /users/passkeys/options': { response: PasskeyCreationStart };
  'POST /users/passkeys': { body: AddPasskeyRequest; response: Passkey };
  'GET /users/passkeys': { response: Passkey[] };
  'PATCH /users/passkeys/{id}': { params: { id: string }; body: RenamePasskeyRequest; response: Passkey };
  'DELETE /users/passkeys/{id}': { params: { id: string }; response: void };
  'POST /auth/sso/discover': { body: SsoDiscoverRequest; response: SsoDiscovery };
  /** The one-time hand-over of `/login/sso?handover=…` for the session, as after a PIN. */
  'POST /auth/sso/complete': { body: SsoCompleteRequest; response: SessionTokens };
  'GET /admin/sso/{organisationType}/{organisationId}': { params: SsoOrganisationParams; response: SsoConfig | null };
  'PUT /admin/sso/{organisationType}/{organisationId}': {
    params: SsoOrganisationParams;
    body: SsoConfigInput;
    response: SsoConfig;
  };
  'DELETE /admin/sso/{organisationType}/{organisationId}': { params: SsoOrganisationParams; response: void };
  'GET /admin/system-clients/{organisationType}/{organisationId}': {
    params: SsoOrganisationParams;
    response: SystemClient[];
  };
  'POST /admin/system-clients/{organisationType}/{organisationId}': {
    params: SsoOrganisationParams;
    body: SystemClientInput;
    response: SystemClient;
  };
  'POST /admin/system-clients/{organisationType}/{organisationId}/{clientId}/revoke': {
    params: SystemClientParams;
    response: SystemClient;
  };
  'GET /admin/signin-settings': { response: SignInSettings };
  'PUT /admin/signin-settings': { body: SignInSettings; response: SignInSettings };

  'POST /physician/graftsearch': { query: SortedSearchPageQuery; body: GraftSearchQuery; response: Graft[] };
  'GET /physician/graftsearch/{lot}': { params: { lot: string }; response: Graft };
  'GET /physician/waitinglist': { query: WaitingListQuery; response: WaitingListEntry[] };
  'POST /physician/waitinglist': { body: AddWaitingListRequest; response: WaitingListEntry };
  'PATCH /physician/waitinglist/{id}': {
    params: { id: string };
    body: PatchWaitingListRequest;
    response: WaitingListEntry;
  };
  'GET /physician/waitinglist/remove/{id}': { params: { id: string }; response: void };
  'GET /physician/currentgrafts': { query: SortedPageQuery; response: Graft[] };
  'GET /physician/archivgrafts': { query: SortedPageQuery; response: Graft[] };

  'GET /physician/requests': { response: GraftRequest[] };
  'GET /physician/requests/lots': { response: string[] };
  'POST /physician/requests': { body: CreateGraftRequestRequest; response: GraftRequest };
  'POST /physician/requests/{id}/receive': { params: { id: string }; body: { sec: string }; response: GraftRequest };
  'GET /grafts/by-code/{code}': { params: { code: string }; response: Graft };
  'GET /euteemployee/currentdonations/{lot}/label': {
    params: { lot: string };
    query: { format: 'a4' | '100x50' };
    response: Blob;
  };
  'POST /physician/requests/{id}/{action}': RequestStepRoute<'physician'>;

  'POST /requests/{id}/corrections': { params: { id: string }; body: CorrectionRequest; response: GraftRequest };
  'GET /requests/{id}/history': { params: { id: string }; response: RequestHistory };
  'GET /grafts/history/{lot}': { params: { lot: string }; response: GraftHistory };
  'GET /admin/audit/verify': { response: AuditChainReport };

  'GET /euteemployee/requests': { response: RequestInbox };
  'POST /euteemployee/requests/{id}/{action}': RequestStepRoute<'bank'>;
  'GET /euteemployee/waitinglist': { query: PageQuery; response: WaitingListEntry[] };
  'GET /euteemployee/waitinglist/download': { response: Blob };
  'GET /euteemployee/currentdonations': { query: StockQuery; response: StockGraft[] };
  'GET /euteemployee/donationsarchiv': { query: SortedPageQuery; response: Graft[] };
  'GET /euteemployee/currentdonations/{lot}': { params: { lot: string }; response: Graft };
  'GET /euteemployee/export': { query: { format: ExportFormat; bank?: string | undefined }; response: Blob };
  /** The bank's grafts as a FHIR R5 collection Bundle (docs/fhir.md). */
  'GET /fhir/R5/$export': { response: Blob };
  /** A FHIR R5 searchset Bundle of the grafts with this lot or SEC. */
  'GET /fhir/R5/BiologicallyDerivedProduct': { query: { identifier: string }; response: Blob };
  /** A vigilance report as a FHIR R5 AdverseEvent. */
  'GET /fhir/R5/AdverseEvent/{id}': { params: { id: string }; response: Blob };

  /** Multipart, the file in the field `file`. */
  'POST /import/grafts': { query: ImportQuery; body: FormData; response: ImportResult };
  'GET /import/template': { query: { format: TemplateFormat }; response: Blob };
  'GET /import/logs': { query: PageQuery; response: ImportLogListItem[] };
  'GET /import/logs/{id}': { params: { id: string }; response: ImportResult };
  'GET /file/lastimportlog': { response: ImportLogListItem };

  'GET /file/getimage/{xlot}': { params: { xlot: string }; query: { thumb?: 'true' | 'false' }; response: Blob };
  'GET /file/getstlfile/{lot}': { params: { lot: string }; response: Blob };
  /** Names are unique per graft and kind: `lot` says which graft's file is meant. */
  'GET /file/getfile/{type}/{name}': { params: { type: string; name: string }; query: { lot: string }; response: Blob };
  'GET /file/getzipfile/{type}/{lot}': { params: { type: string; lot: string }; response: Blob };
  /** multipart/form-data (`lot`, `type`, then `files`), sent by `upload()` for its progress. */
  'POST /media/uploadfiles': { body: FormData; response: Graft };
  'DELETE /media/files/{type}/{name}': {
    params: { type: string; name: string };
    query: { lot: string };
    response: Graft;
  };

  'GET /admin/users': { query: UserListQuery; response: User[] };
  'GET /admin/user/{id}': { params: { id: string }; response: User };
  'POST /admin/users/add': { body: AddUserRequest; response: User };
  'PATCH /admin/user': { body: PatchUserRequest; response: User };
  'GET /admin/user/activate/{id}': { params: { id: string }; response: User };
  'GET /admin/user/deactivate/{id}': { params: { id: string }; response: User };
  'POST /admin/user/endsessions/{id}': { params: { id: string }; response: void };
  'GET /admin/clinics': { query: ActiveListQuery; response: Clinic[] };
  'GET /admin/clinics/{id}': { params: { id: string }; response: Clinic };
  'POST /admin/clinics/add': { body: AddClinicRequest; response: Clinic };
  'PATCH /admin/clinics/{id}': { params: { id: string }; body: PatchClinicRequest; response: Clinic };
  'GET /admin/clinics/activate/{id}': { params: { id: string }; response: Clinic };
  'GET /admin/clinics/deactivate/{id}': { params: { id: string }; response: Clinic };
  'GET /admin/eutes': { query: ActiveListQuery; response: Eute[] };
  'GET /admin/eutes/{id}': { params: { id: string }; response: Eute };
  'PATCH /admin/eutes/{id}': { params: { id: string }; body: PatchEuteRequest; response: Eute };
  'POST /admin/eutes/add': { body: AddEuteRequest; response: Eute };
  'GET /admin/eutes/activate/{id}': { params: { id: string }; response: Eute };
  'GET /admin/eutes/deactivate/{id}': { params: { id: string }; response: Eute };
  'PATCH /admin/eutes/{id}/leadtime': {
    params: { id: string };
    body: { days: number };
    response: { id: string; leadTimeDays: number };
  };
  'GET /admin/eutes/{id}/reminders': { params: { id: string }; response: BankReminderSettings };
  'PATCH /admin/eutes/{id}/reminders': {
    params: { id: string };
    body: BankReminderSettingsRequest;
    response: BankReminderSettings;
  };
  'GET /admin/eutes/{id}/apikeys': { params: { id: string }; response: ApiKey[] };
  'POST /admin/eutes/{id}/apikeys': {
    params: { id: string };
    body: CreateApiKeyRequest;
    response: CreateApiKeyResponse;
  };
  'DELETE /admin/eutes/{id}/apikeys/{keyId}': { params: { id: string; keyId: string }; response: void };
  'GET /admin/auditlog': { query: AuditLogQuery; response: AuditLogPage };
  'GET /admin/auditlog/export': { query: AuditLogExportQuery; response: Blob };
  'GET /admin/mails': { query: MailListQuery; response: MailListPage };
  'POST /admin/mails/{id}/retry': { params: { id: string }; response: OutboxMail };
  'POST /admin/testR': { body: TestAlertRequest; response: TestAlertResult };
  'GET /notifications': { query: NotificationListQuery; response: NotificationPage };
  'POST /notifications/read': { body: MarkNotificationsReadRequest; response: MarkNotificationsReadResponse };
  'GET /me/notification-preferences': { response: NotificationPreferences };
  'PUT /me/notification-preferences': { body: NotificationPreferences; response: NotificationPreferences };
  'GET /push/vapid-public-key': { response: VapidPublicKey };
  'GET /me/push-subscriptions': { response: PushDeviceList };
  'POST /me/push-subscriptions': { body: AddPushSubscriptionRequest; response: PushDevice };
  'DELETE /me/push-subscriptions/{id}': { params: { id: string }; response: void };
  'POST /vigilance/reports': { body: CreateVigilanceReportRequest; response: VigilanceReport };
  'GET /vigilance/reports': { query: VigilanceListQuery; response: VigilanceReportPage };
  'GET /vigilance/reports/{id}': { params: { id: string }; response: VigilanceReport };
  'PATCH /vigilance/reports/{id}': {
    params: { id: string };
    body: UpdateVigilanceReportRequest;
    response: VigilanceReport;
  };
  'POST /vigilance/reports/{id}/submit-notification': {
    params: { id: string };
    body: object;
    response: VigilanceReport;
  };
  'POST /vigilance/reports/{id}/confirm': { params: { id: string }; body: object; response: VigilanceReport };
  'POST /vigilance/reports/{id}/quarantine': { params: { id: string }; body: object; response: VigilanceReport };
  'POST /vigilance/reports/{id}/lift-quarantine': {
    params: { id: string };
    body: LiftQuarantineRequest;
    response: VigilanceReport;
  };
  'GET /vigilance/reports/{id}/lookback': { params: { id: string }; response: Lookback };
  'GET /physician/followups': { query: FollowUpListQuery; response: FollowUpPage };
  'PUT /physician/followups/{id}': { params: { id: string }; body: RecordFollowUpRequest; response: FollowUp };
  'POST /physician/followups/{id}/lost': {
    params: { id: string };
    body: MarkFollowUpLostRequest;
    response: FollowUp;
  };
  'POST /physician/followups': { body: RecordUnscheduledFollowUpRequest; response: FollowUp };
  'GET /physician/dashboard': { response: PhysicianDashboard };
  'POST /physician/dashboard/matches-seen': { response: MatchesSeen };
  'GET /euteemployee/dashboard': { response: EuteDashboard };
  'GET /euteemployee/dashboard/trend': { response: StockTrend };
  'GET /admin/dashboard': { response: AdminDashboard };
  // The quality view: JSON, or its table as a file (`file`) when downloaded accepting text/csv.
  'GET /euteemployee/outcomes': { query: OutcomesQuery; response: Outcomes; file: Blob };
  'GET /admin/outcomes': { query: OutcomesQuery; response: Outcomes; file: Blob };
}

export type RouteName = keyof ApiRoutes;
