import type {
  FollowUpKind,
  FollowUpStoredState,
  Language,
  ListStatus,
  ProcessStepName,
  RequestState,
  StepStatus,
} from '@graftmatch/domain';
import type { ColumnType, Insertable, Selectable, Updateable } from 'kysely';

// The domain's value types, re-exported so a row type and its column values come from one import.
export type { Language, ListStatus, StepStatus };

// Row shapes as the application sees them through CamelCasePlugin (SQL columns are snake_case).
// Storage conventions, fixed by the initial migration:
// - ids are text UUIDs made by the application (crypto.randomUUID());
// - flags are integers 0/1, because SQLite has no boolean and pg would send `true` as text;
// - dates are 'yyyy-mm-dd' text, timestamps ISO-8601 UTC text from Date#toISOString() (fixed width,
//   so text order is time order on both engines);
// - millimetre dimensions are double precision; JSON is text.

/** A boolean stored as 0/1. */
export type Flag = 0 | 1;
/** Why a waiting-list entry was closed: removed by its physician, or a graft implanted for it. */
export type EntryClosedAs = 'removed' | 'implanted';
/** 'yyyy-mm-dd' */
export type DateText = string;
/** ISO-8601 UTC with Z, as written by Date#toISOString(). */
export type Timestamp = string;
export type GraftFileKind =
  | 'photos'
  | 'releaseStatements'
  | 'allocationNotes'
  | 'deliveryNotes'
  | 'dicom'
  | 'factsheet'
  | 'traceabilityReports'
  | 'vigilanceReports'
  | 'stl';
export type RecoveryPurpose = 'recovery' | 'invite';

/** A column with a database default: optional on insert, always present when read. */
type WithDefault<T> = ColumnType<T, T | undefined, T>;

export interface UsersTable {
  id: string;
  /** Always lowercase (a check constraint enforces it). */
  email: string;
  /** Null until the user sets a password (invited users). */
  passwordHash: string | null;
  title: string | null;
  firstName: string;
  lastName: string;
  phone: string | null;
  language: WithDefault<Language>;
  active: WithDefault<Flag>;
  admin: WithDefault<Flag>;
  audit: WithDefault<Flag>;
  twoFactorTarget: string;
  failedLogins: WithDefault<number>;
  lockedUntil: Timestamp | null;
  passwordChangedAt: Timestamp | null;
  /** Mails about grafts that fit the user's waiting-list entries (on by default). */
  matchMails: WithDefault<Flag>;
  /** The hints the user dismissed: a JSON array of hint names. */
  dismissedHints: WithDefault<string>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface ClinicsTable {
  id: string;
  cName: string;
  active: WithDefault<Flag>;
  /** IANA zone whose local day dates the clinic's steps (docs/decisions.md "Time zones"). */
  timeZone: WithDefault<string>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface EutesTable {
  id: string;
  name: string;
  euteNumber: string | null;
  active: WithDefault<Flag>;
  address: string | null;
  housenumber: string | null;
  zipcode: string | null;
  city: string | null;
  country: string | null;
  email: string | null;
  phone: string | null;
  /** Days from assignment to delivery; the lead-time warning compares implant windows with it. */
  leadTimeDays: WithDefault<number>;
  /** Days before expiry at which the bank is reminded of a graft, comma-separated ("90,30,7"). */
  expiryReminderDays: WithDefault<string>;
  /** Days without an import after which the admins are reminded of the bank. */
  importSilenceDays: WithDefault<number>;
  /** Hours after which an unanswered request is reminded, then escalated; null: the defaults. */
  unansweredReminderHours: number | null;
  unansweredEscalationHours: number | null;
  /** Hours after discovery a vigilance report's notification (part A) is due. */
  vigilanceNotificationHours: WithDefault<number>;
  /** Days after discovery its confirmation (part B) is due. */
  vigilanceConfirmationDays: WithDefault<number>;
  /** Where each submitted part is mailed, with its PDF; none mails nobody. */
  competentAuthorityEmail: string | null;
  /** IANA zone whose local day dates the bank's steps (docs/decisions.md "Time zones"). */
  timeZone: WithDefault<string>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface ClinicMembersTable {
  userId: string;
  clinicId: string;
}

export interface EuteMembersTable {
  userId: string;
  euteId: string;
}

/** Each step's status column (`traceabilityReportStatus` is `traceability_report_status` in SQL). */
export type GraftStepStatuses = { [S in ProcessStepName as `${S}Status`]: StepStatus };
/** Each step's out value: its date or reference (for expiry, the expiry date). */
export type GraftStepOuts = { [S in ProcessStepName as `${S}Out`]: string | null };
/** One `<step>Status` / `<step>Out` pair per process step, as plain values. */
export type GraftStepValues = GraftStepStatuses & GraftStepOuts;
/** The same as table columns: statuses default to 0 (open). */
export type GraftStepColumns = { [S in ProcessStepName as `${S}Status`]: WithDefault<StepStatus> } & GraftStepOuts;

export interface GraftsTable extends GraftStepColumns {
  id: string;
  eLot: string;
  xLot: string | null;
  tLot: string | null;
  /** Graft type 1..8 (spec §3). */
  tProdName2: number;
  tDproximal: number | null;
  tDdistal: number | null;
  tLmin: number | null;
  tLmax: number | null;
  tLleft: number | null;
  tLright: number | null;
  tDleft: number | null;
  tDright: number | null;
  iMin: DateText | null;
  iMax: DateText | null;
  aImplantPlan: string | null;
  dRemarksPublic: string | null;
  xRemarksPublic: string | null;
  patientInitial: string | null;
  patientMonth: number | null;
  patientYear: number | null;
  physicianName: string | null;
  physicianEmail: string | null;
  physicianPhone: string | null;
  processedUntil: DateText | null;
  aAlloNote: string | null;
  aDeliverNote: string | null;
  xSec: string | null;
  eName: string | null;
  eEmail: string | null;
  aRequestor: string | null;
  cName: string | null;
  euteId: string;
  /** The assigned clinic; null while the graft is not assigned. */
  clinicId: string | null;
  /**
   * graftListStatus (domain) computed at write time as if the graft were not expired; null while
   * it is still in processing (in no list). Readers must also compare expiryDate with today:
   * a Free or Current row whose expiryDate < today counts as Archive.
   */
  listStatus: ListStatus | null;
  /** Copy of expiryOut, for ordering and filtering. */
  expiryDate: DateText | null;
  /** Taken out of search and matching by a vigilance report (docs/decisions.md "Quarantine"). */
  quarantined: WithDefault<Flag>;
  /** The vigilance report whose quarantine holds the graft; null when none does (docs/decisions.md "Quarantine"). */
  quarantineReportId: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface GraftFilesTable {
  id: string;
  graftId: string;
  kind: GraftFileKind;
  name: string;
  size: number;
  contentType: string;
  storageKey: string;
  createdAt: Timestamp;
  /** The app made it (a note, a report); such files are records (docs/decisions.md, "Records"). */
  generated: WithDefault<Flag>;
  /** 1, or the version before's plus one. */
  version: WithDefault<number>;
  /** The version this one replaced; each is replaced at most once (a unique index). */
  supersedesId: string | null;
  /** Why this version replaced the one before. */
  reason: string | null;
}

export interface WaitingListEntriesTable {
  id: string;
  ownerUserId: string;
  clinicId: string;
  queryType: number;
  queryDMin: number;
  queryDMax: number;
  queryLMin: number;
  queryLLMin: number;
  queryLRMin: number;
  physicianName: string | null;
  physicianEmail: string | null;
  physicianPhone: string | null;
  patientCode: string;
  queryIMin: DateText;
  queryIMax: DateText;
  queryTimestamp: Timestamp;
  /** Removing an entry or implanting a graft for it closes it; rows stay for the audit trail. */
  closedAt: Timestamp | null;
  /** How it was closed (migration 2026-12-02-implantation-and-delivery-facts). */
  closedAs: EntryClosedAs | null;
  /** The graft implanted for it, when closed as implanted. */
  implantedGraftId: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

/** A physician's request for a graft and the steps it took (docs/api.md "Graft requests"). */
export interface GraftRequestsTable {
  id: string;
  graftId: string;
  /** The graft's tissue bank, whose employees answer. */
  euteId: string;
  clinicId: string;
  requesterUserId: string;
  waitingListEntryId: string | null;
  state: RequestState;
  note: string | null;
  /** Why it was declined or returned. */
  reason: string | null;
  /** End of the reservation while reserved. */
  deadline: Timestamp | null;
  implantedOn: DateText | null;
  /** The zone each step date was judged in; null for dates recorded by the UTC day before zones. */
  implantedTimeZone: string | null;
  assignedTimeZone: string | null;
  deliveredTimeZone: string | null;
  patientCode: string | null;
  /** When the package's code was found to match at the clinic, and by whom. */
  receivedAt: Timestamp | null;
  receivedBy: string | null;
  /** The implantation date lies outside the entry's implant window (recorded, not refused). */
  implantedOutsideWindow: WithDefault<Flag>;
  /** The delivery's facts, for the traceability report (docs/api.md "Graft requests"). */
  deliveryCarrier: string | null;
  deliveryReference: string | null;
  deliveryNote: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface RefreshTokenFamiliesTable {
  id: string;
  userId: string;
  createdAt: Timestamp;
  lastUsedAt: Timestamp;
  /** Absolute end of the session, whatever its use. */
  expiresAt: Timestamp;
  revokedAt: Timestamp | null;
  revokedReason: string | null;
  userAgent: string | null;
  ip: string | null;
}

export interface RefreshTokensTable {
  /** The token's jti. */
  id: string;
  familyId: string;
  createdAt: Timestamp;
  /** Set when the token is rotated; a second use of the token revokes its family. */
  usedAt: Timestamp | null;
}

export interface TwoFactorChallengesTable {
  /** The twoFactorId handed to the client. */
  id: string;
  userId: string;
  pinHash: string;
  createdAt: Timestamp;
  expiresAt: Timestamp;
  attempts: WithDefault<number>;
  usedAt: Timestamp | null;
  voidedAt: Timestamp | null;
}

/** A user's passkey: a WebAuthn credential (docs/security.md "Passkeys"). */
export interface PasskeysTable {
  id: string;
  userId: string;
  /** The authenticator's credential id, base64url. */
  credentialId: string;
  /** The COSE public key, base64url. */
  publicKey: string;
  /** The signature counter as last seen; 0 for authenticators that keep none. */
  counter: number;
  /** JSON array of the transports the browser named (`internal`, `hybrid`, `usb` …). */
  transports: string;
  /** Whether the credential may be synced (multi-device), fixed for its life; and whether it is backed up now. */
  backupEligible: Flag;
  backedUp: Flag;
  name: string;
  createdAt: Timestamp;
  lastUsedAt: Timestamp | null;
}

export type PasskeyChallengePurpose = 'register' | 'login';

/** A WebAuthn challenge, kept as a keyed hash, single use and short-lived like a PIN. */
export interface PasskeyChallengesTable {
  id: string;
  /** The user adding a passkey; null for a sign-in, where the passkey names its user. */
  userId: string | null;
  purpose: PasskeyChallengePurpose;
  challengeHash: string;
  createdAt: Timestamp;
  expiresAt: Timestamp;
  usedAt: Timestamp | null;
}

export type SsoOrganisationType = 'clinic' | 'eute';
export type SsoProvisioning = 'off' | 'member' | 'auditor';

/** An organisation's sign-on with its own OpenID Provider (docs/security.md "Single sign-on"). */
export interface SsoConfigsTable {
  id: string;
  organisationType: SsoOrganisationType;
  organisationId: string;
  /** The issuer identifier as the provider's discovery document names it. */
  issuer: string;
  clientId: string;
  /** Sealed with SSO_SECRET_KEY (AES-256-GCM, bound to the row), never readable here; null when none. */
  clientSecret: string | null;
  provisioning: SsoProvisioning;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  updatedBy: string | null;
}

/** A clinic's or a bank's own system reading FHIR without a person (docs/fhir.md "System clients"). */
export interface SystemClientsTable {
  id: string;
  name: string;
  organisationType: SsoOrganisationType;
  organisationId: string;
  /** Where the client publishes its public keys, or null when `jwks` holds them. */
  jwksUrl: string | null;
  /** The public key set as JSON, or null when `jwksUrl` is given. */
  jwks: string | null;
  /** The scopes it may be granted, SMART 2 syntax, space-separated. */
  scopes: string;
  createdAt: Timestamp;
  createdBy: string | null;
  lastUsedAt: Timestamp | null;
  revokedAt: Timestamp | null;
  revokedBy: string | null;
}

/** Whether a FHIR subscription's notifications go out (docs/fhir.md "Subscriptions"). */
export type FhirSubscriptionStatus = 'active' | 'error' | 'off';
/** What a notification carries besides its status: nothing, the focus's id, or the focus whole. */
export type FhirSubscriptionContent = 'empty' | 'id-only' | 'full-resource';

/** A system client's subscription to one of our topics, by rest-hook (docs/fhir.md "Subscriptions"). */
export interface FhirSubscriptionsTable {
  id: string;
  clientId: string;
  /** The client's organisation, copied so that events find their subscriptions by it. */
  organisationType: SsoOrganisationType;
  organisationId: string;
  /** The version it was made in, and its notifications are written in. */
  fhirVersion: 'R5' | 'R4';
  /** The topic's canonical URL. */
  topic: string;
  name: string | null;
  reason: string | null;
  endpoint: string;
  content: FhirSubscriptionContent;
  heartbeatSeconds: number | null;
  status: FhirSubscriptionStatus;
  /** Events numbered so far: the last event's number. */
  eventsSinceStart: WithDefault<number>;
  /** Deliveries failed in a row; at the limit the subscription is in error. */
  failedAttempts: WithDefault<number>;
  lastError: string | null;
  errorSince: Timestamp | null;
  /** When a notification (event or heartbeat) was last queued: the heartbeat counts from it. */
  lastSentAt: Timestamp | null;
  lastDeliveredAt: Timestamp | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  endedAt: Timestamp | null;
}

/** The `jti` of each signed assertion a client has used, kept until it expires: none is taken twice. */
export interface SystemClientAssertionsTable {
  clientId: string;
  jti: string;
  expiresAt: Timestamp;
}

/** A system client's access token: its SHA-256 only (256 random bits; nothing to guess). */
export interface SystemAccessTokensTable {
  tokenHash: string;
  clientId: string;
  /** The granted scopes, space-separated. */
  scopes: string;
  createdAt: Timestamp;
  expiresAt: Timestamp;
}

/** An e-mail domain an organisation's sign-on covers; the key makes it one organisation's. */
export interface SsoDomainsTable {
  domain: string;
  configId: string;
}

/** A sign-in under way: single use, 10 minutes; the state as a keyed hash, nonce and verifier sealed. */
export interface SsoLoginStatesTable {
  stateHash: string;
  configId: string;
  nonce: string;
  codeVerifier: string;
  /** Keyed hash of the browser's binding cookie. */
  browserHash: string;
  /** Keyed hash of the address typed at the login: the ID token must name the same. */
  emailHash: string;
  createdAt: Timestamp;
  expiresAt: Timestamp;
  usedAt: Timestamp | null;
}

/** The callback's one-time hand-over to the web app: a keyed hash, single use, 60 seconds. */
export interface SsoHandoversTable {
  handoverHash: string;
  userId: string;
  configId: string;
  browserHash: string;
  /** The provider's ID token, sealed: the session keeps it for the end-session address. */
  idToken: string | null;
  createdAt: Timestamp;
  expiresAt: Timestamp;
  usedAt: Timestamp | null;
}

/** A session begun by single sign-on, and with which organisation's provider. */
export interface SsoSessionsTable {
  sessionId: string;
  configId: string;
  /** Sealed; the `id_token_hint` of the provider's end-session address. */
  idToken: string | null;
  createdAt: Timestamp;
}

/** App-wide settings, one row per key; a missing row means the default. */
export interface AppSettingsTable {
  key: string;
  /** JSON. */
  value: string;
  updatedAt: Timestamp;
  updatedBy: string | null;
}

export interface RecoveryTokensTable {
  id: string;
  userId: string;
  tokenHash: string;
  purpose: RecoveryPurpose;
  createdAt: Timestamp;
  expiresAt: Timestamp;
  usedAt: Timestamp | null;
}

export interface ImportLogsTable {
  id: string;
  model: string;
  date: Timestamp;
  importer: string;
  log: string;
  importType: string;
  importSource: string;
  /** The tissue bank imported into (null only for logs older than the importer). */
  euteId: string | null;
  /** The user who started it; null for the command line and API keys. */
  importerUserId: string | null;
  strict: WithDefault<Flag>;
  /** JSON text: ImportSummary (domain). */
  summary: string | null;
  /** JSON text: ImportRowError[] (domain). */
  errors: string | null;
  /** JSON text: ImportNotice[] (domain); null for logs older than notices. */
  notices: string | null;
}

/** A tissue bank's key for its own system's imports; only its hash is kept. */
export interface EuteApiKeysTable {
  id: string;
  euteId: string;
  label: string;
  keyPrefix: string;
  keyHash: string;
  createdAt: Timestamp;
  createdBy: string | null;
  lastUsedAt: Timestamp | null;
  revokedAt: Timestamp | null;
}

export interface AuditLogTable {
  id: string;
  at: Timestamp;
  /** No foreign key: audit rows outlive the users they mention. */
  actorUserId: string | null;
  action: string;
  targetType: string;
  targetId: string | null;
  /** JSON text */
  before: string | null;
  /** JSON text */
  after: string | null;
  ip: string | null;
  /** Position in the hash chain: 1, 2, 3, ... without gaps (docs/security.md, "Tamper-evident audit log"). */
  seq: number;
  /** hex SHA-256 of the row before (64 zeros for the first) */
  prevHash: string;
  /** hex SHA-256(prev_hash ‖ canonical bytes of this row) */
  hash: string;
}

/** One row (id 1): the last seq of the audit chain; writers move it, which serialises them. */
export interface AuditChainHeadTable {
  id: number;
  seq: number;
}

/** A signed checkpoint of the audit chain: a C2SP tlog-checkpoint note. Append-only. */
export interface AuditCheckpointsTable {
  size: number;
  /** hex hash of the row at seq = size */
  rootHash: string;
  at: Timestamp;
  /** The signed note, as handed out */
  note: string;
}

/** One row (id 1) of counters the database bumps on writes (migration 2026-11-23-versions-and-search-index). */
export interface DataVersionsTable {
  id: number;
  /** Grafts, their files, clinics, banks, memberships. */
  graftData: number;
  /** Users, memberships, clinics, banks, a session's end. */
  access: number;
  /** Waiting-list entries (migration 2026-11-24-waiting-list-version). */
  waitingList: number;
}

/** One row (id 1): requests, vigilance reports, import logs, matches seen, FHIR subscriptions, bumped at commit (migration 2026-12-10-activity-version). */
export interface ActivityVersionTable {
  id: number;
  activity: number;
}

/** One row (id 1): the id in the files folder's marker (migration 2026-11-26-files-folder). */
export interface FilesFolderTable {
  id: number;
  marker: string;
}

/** One outgoing mail and how its sending went (migration 2026-11-26-mail-outbox, docs/operations.md "Mail"). */
export interface MailOutboxTable {
  id: string;
  /** What caused it: 'pin', 'recovery', 'invitation', 'match', 'request', 'authority', 'reminder'. */
  kind: string;
  /** Lower goes first: login PINs are 0. */
  priority: number;
  /** What the mail belongs to, for a status question (the login attempt of a PIN mail). */
  reference: string | null;
  messageId: string;
  recipient: string;
  subject: string;
  textBody: string;
  htmlBody: string;
  state: 'queued' | 'sent' | 'failed';
  attempts: WithDefault<number>;
  nextAttemptAt: string;
  /** After this, a temporary failure fails the mail for good (24 h after it was queued or retried). */
  giveUpAt: string;
  claimedUntil: string | null;
  lastError: string | null;
  /** JSON MailAttachmentRef[]: stored files sent along, read from the file store at sending. */
  attachments: string | null;
  createdAt: string;
  updatedAt: string;
}

/** One event that concerns one user, for the notification centre (docs/api.md "Notifications"). */
export interface NotificationsTable {
  id: string;
  userId: string;
  /** 'request', 'match', 'testAlert', 'import', 'reminder' (NOTIFICATION_KINDS). */
  kind: string;
  /** The web app's path of the object it is about. */
  link: string | null;
  /** JSON of the event's details (lot, state, deadline, counts). */
  payload: string;
  createdAt: string;
  readAt: string | null;
}

/** A user's alert channels (migration 2026-12-03-alerts, docs/api.md "Alerts"); no row: the defaults. */
export interface AlertPreferencesTable {
  userId: string;
  digestHour: number;
  /** JSON of `NotificationPreferences['events']`. */
  events: string;
  /** The organisation's local day of the last digest mail: one a day. */
  lastDigestDay: WithDefault<string | null>;
  updatedAt: string;
}

/** One device subscribed for Web Push (RFC 8030); ends with the session that made it. */
export interface PushSubscriptionsTable {
  id: string;
  userId: string;
  sessionId: string | null;
  endpoint: string;
  /** The browser's P-256 public key and auth secret (RFC 8291), base64url: the message's encryption keys. */
  p256dh: string;
  auth: string;
  label: string;
  createdAt: string;
  lastDeliveredAt: string | null;
}

/** An alert held for the user's daily digest mail until `sentAt`. */
export interface AlertDigestItemsTable {
  id: string;
  userId: string;
  event: string;
  /** The alert's sentence in the user's language. */
  text: string;
  link: string;
  createdAt: string;
  sentAt: string | null;
}

/** One scheduled job (migration 2026-11-27-jobs-and-reminders, docs/operations.md "Jobs"). */
export interface JobsTable {
  name: string;
  nextRunAt: Timestamp;
  lastStartedAt: Timestamp | null;
  lastFinishedAt: Timestamp | null;
  lastError: string | null;
  /** A runner holds the job until then; a runner that died leaves it to the next after it. */
  claimedUntil: Timestamp | null;
  /** How often it was claimed to run (on any instance). */
  runs: WithDefault<number>;
}

/** A reminder that was sent, by its dedupe key (docs/operations.md "Reminders"). */
export interface RemindersSentTable {
  key: string;
  kind: string;
  sentAt: Timestamp;
}

export interface VigilanceReportsTable {
  id: string;
  kind: 'SAR' | 'SAE';
  state: 'draft' | 'notified' | 'confirmed';
  /** The report identification the annexes ask for, unique. */
  reference: string;
  graftId: string;
  euteId: string;
  /** The clinic the graft was assigned to when the report was made. */
  clinicId: string | null;
  createdBy: string | null;
  discoveredAt: Timestamp;
  notificationDeadline: Timestamp;
  confirmationDeadline: Timestamp;
  notifiedAt: Timestamp | null;
  confirmedAt: Timestamp | null;
  /** JSON of part A (SarNotification or SaeNotification). */
  notification: string;
  /** JSON of part B (SarConfirmation or SaeConfirmation). */
  confirmation: string;
  quarantinedAt: Timestamp | null;
  /** JSON array of the lots the quarantine took out. */
  quarantineLots: string | null;
  quarantineLiftedAt: Timestamp | null;
  quarantineLiftReason: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

/** A follow-up of an implantation: a visit of its schedule, or an unscheduled event (docs/api.md "Follow-ups"). */
export interface FollowupsTable {
  id: string;
  /** The implanted graft: a graft is implanted once, so its schedule is made once (unique with `visit`). */
  graftId: string;
  /** The request whose implant step made the schedule; null for an implantation its bank recorded. */
  requestId: string | null;
  euteId: string;
  clinicId: string;
  patientCode: string | null;
  implantedOn: DateText;
  kind: FollowUpKind;
  /** `P30D`, `P1Y` … `P10Y`; null when unscheduled. */
  visit: string | null;
  dueOn: DateText | null;
  state: FollowUpStoredState;
  /** JSON of the FollowUpRecord once recorded. */
  record: string | null;
  /** The record's date (the follow-up's day). */
  recordDate: DateText | null;
  recordedAt: Timestamp | null;
  recordedBy: string | null;
  lostReason: string | null;
  /** The follow-up whose recorded death or explant ended this one. */
  endedBy: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

/** When a physician last looked at their waiting list: their home counts the matches new since then. */
export interface MatchesSeenTable {
  userId: string;
  seenAt: Timestamp;
}
/** Failed logins of an address with no account, by a keyed hash of the address (docs/security.md). */
export interface UnknownLoginAttemptsTable {
  addressKey: string;
  failures: number;
  lockedUntil: Timestamp | null;
  updatedAt: Timestamp;
}
export interface DB {
  users: UsersTable;
  clinics: ClinicsTable;
  eutes: EutesTable;
  clinicMembers: ClinicMembersTable;
  euteMembers: EuteMembersTable;
  grafts: GraftsTable;
  graftFiles: GraftFilesTable;
  waitingListEntries: WaitingListEntriesTable;
  graftRequests: GraftRequestsTable;
  refreshTokenFamilies: RefreshTokenFamiliesTable;
  refreshTokens: RefreshTokensTable;
  twoFactorChallenges: TwoFactorChallengesTable;
  recoveryTokens: RecoveryTokensTable;
  importLogs: ImportLogsTable;
  euteApiKeys: EuteApiKeysTable;
  auditLog: AuditLogTable;
  auditChainHead: AuditChainHeadTable;
  auditCheckpoints: AuditCheckpointsTable;
  dataVersions: DataVersionsTable;
  activityVersion: ActivityVersionTable;
  filesFolder: FilesFolderTable;
  mailOutbox: MailOutboxTable;
  notifications: NotificationsTable;
  jobs: JobsTable;
  remindersSent: RemindersSentTable;
  vigilanceReports: VigilanceReportsTable;
  matchesSeen: MatchesSeenTable;
  unknownLoginAttempts: UnknownLoginAttemptsTable;
  alertPreferences: AlertPreferencesTable;
  pushSubscriptions: PushSubscriptionsTable;
  alertDigestItems: AlertDigestItemsTable;
  followups: FollowupsTable;
  passkeys: PasskeysTable;
  passkeyChallenges: PasskeyChallengesTable;
  appSettings: AppSettingsTable;
  ssoConfigs: SsoConfigsTable;
  ssoDomains: SsoDomainsTable;
  ssoLoginStates: SsoLoginStatesTable;
  ssoHandovers: SsoHandoversTable;
  ssoSessions: SsoSessionsTable;
  systemClients: SystemClientsTable;
  systemClientAssertions: SystemClientAssertionsTable;
  systemAccessTokens: SystemAccessTokensTable;
  fhirSubscriptions: FhirSubscriptionsTable;
}

export type FhirSubscriptionRow = Selectable<FhirSubscriptionsTable>;
export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type ClinicRow = Selectable<ClinicsTable>;
export type NewClinicRow = Insertable<ClinicsTable>;
export type EuteRow = Selectable<EutesTable>;
export type NewEuteRow = Insertable<EutesTable>;
export type VigilanceReportRow = Selectable<VigilanceReportsTable>;
export type NewVigilanceReportRow = Insertable<VigilanceReportsTable>;
export type VigilanceReportUpdate = Updateable<VigilanceReportsTable>;
export type GraftRow = Selectable<GraftsTable>;
export type NewGraftRow = Insertable<GraftsTable>;
export type GraftUpdate = Updateable<GraftsTable>;
export type GraftFileRow = Selectable<GraftFilesTable>;
export type WaitingListEntryRow = Selectable<WaitingListEntriesTable>;
export type NewWaitingListEntryRow = Insertable<WaitingListEntriesTable>;
export type GraftRequestRow = Selectable<GraftRequestsTable>;
export type FollowUpRow = Selectable<FollowupsTable>;
export type NewFollowUpRow = Insertable<FollowupsTable>;
export type FollowUpUpdate = Updateable<FollowupsTable>;
export type NewGraftRequestRow = Insertable<GraftRequestsTable>;
export type RefreshTokenFamilyRow = Selectable<RefreshTokenFamiliesTable>;
export type RefreshTokenRow = Selectable<RefreshTokensTable>;
export type TwoFactorChallengeRow = Selectable<TwoFactorChallengesTable>;
export type RecoveryTokenRow = Selectable<RecoveryTokensTable>;
export type PasskeyRow = Selectable<PasskeysTable>;
export type NewPasskeyRow = Insertable<PasskeysTable>;
export type NewSsoLoginStateRow = Insertable<SsoLoginStatesTable>;
export type ImportLogRow = Selectable<ImportLogsTable>;
export type NewImportLogRow = Insertable<ImportLogsTable>;
export type EuteApiKeyRow = Selectable<EuteApiKeysTable>;
export type SystemClientRow = Selectable<SystemClientsTable>;
export type NewEuteApiKeyRow = Insertable<EuteApiKeysTable>;
export type AuditLogRow = Selectable<AuditLogTable>;
export type NewAuditLogRow = Insertable<AuditLogTable>;
