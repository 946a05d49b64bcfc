import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { ISO_DATE_TIME_PATTERN, Id, IsoDate, IsoDateTime, Nullable } from './common';
import { SsoOrganisationType } from './sso';

// The homes of each role (docs/api.md "Dashboards"): counters with the first items behind each.

const Count = Type.Integer({ minimum: 0 });

/** A counter and its first items (at most DASHBOARD_ITEMS): the count counts them all. */
const Counted = <T extends TSchema>(item: T) => Type.Object({ count: Count, items: Type.Array(item) });

/** A graft request as a home lists it. */
export const DashboardRequest = Type.Object({
  id: Id,
  lot: Type.String(),
  state: Type.String(),
  patientCode: Nullable(Type.String()),
  clinic: Type.String(),
  requestedAt: IsoDateTime,
  deadline: Nullable(IsoDateTime, { description: 'when a reservation lapses unless confirmed' }),
});
export type DashboardRequest = Static<typeof DashboardRequest>;

/** A waiting-list entry as the physician's home lists it, with the lots of free grafts that fit it. */
export const DashboardEntry = Type.Object({
  id: Id,
  patientCode: Type.String(),
  type: Type.Integer(),
  dMin: Type.Number(),
  dMax: Type.Number(),
  from: IsoDate,
  until: IsoDate,
  fitting: Count,
  lots: Type.Array(Type.String(), { description: 'the first fitting lots, closest diameter first' }),
});
export type DashboardEntry = Static<typeof DashboardEntry>;

/** An open vigilance report as the bank's home lists it, with the deadline of its open part. */
export const DashboardVigilanceReport = Type.Object({
  id: Id,
  kind: Type.Union([Type.Literal('SAR'), Type.Literal('SAE')]),
  reference: Type.String(),
  lot: Type.String(),
  stage: Type.Union([Type.Literal('notification'), Type.Literal('confirmation')]),
  deadline: IsoDateTime,
});
export type DashboardVigilanceReport = Static<typeof DashboardVigilanceReport>;

const FiguresReadAt = Type.String({
  pattern: ISO_DATE_TIME_PATTERN,
  examples: IsoDateTime.examples,
  description:
    "when these figures were read: the home is kept until a write changes it, the day ends, or (the bank's and admin's homes, whose ages move with the clock) the minute ends",
});

/** `GET /physician/dashboard`: what the caller's requests and waiting-list entries need now. */
export const PhysicianDashboard = Type.Object({
  serverTime: FiguresReadAt,
  awaitingAnswer: Counted(DashboardRequest),
  toReceive: Counted(DashboardRequest),
  toRecord: Counted(DashboardRequest),
  matches: Counted(DashboardEntry),
  newMatches: Type.Object({
    count: Count,
    since: Nullable(IsoDateTime, { description: 'when the caller last looked at their waiting list; null: never' }),
  }),
  atRisk: Counted(DashboardEntry),
  passed: Counted(DashboardEntry),
});
export type PhysicianDashboard = Static<typeof PhysicianDashboard>;

/** A graft of the bank's stock expiring soon. */
export const ExpiringGraft = Type.Object({
  lot: Type.String(),
  type: Type.Integer(),
  diameter: Nullable(Type.Number()),
  expiry: IsoDate,
});
export type ExpiringGraft = Static<typeof ExpiringGraft>;

/** One cell of stock against demand: a graft type and a 5 mm diameter band (null: diameter unknown). */
export const StockDemandCell = Type.Object({
  type: Type.Integer(),
  band: Nullable(Type.Integer({ description: 'lower bound of the band in mm' })),
  stock: Count,
  demand: Count,
});
export type StockDemandCell = Static<typeof StockDemandCell>;

/** `GET /euteemployee/dashboard`: the caller's banks' requests, expiring stock, stock against demand, imports. */
export const EuteDashboard = Type.Object({
  serverTime: FiguresReadAt,
  openRequests: Type.Composite([
    Counted(DashboardRequest),
    Type.Object({ byAge: Type.Object({ day: Count, days: Count, older: Count }) }),
  ]),
  lapsing: Counted(DashboardRequest),
  awaitingDelivery: Counted(DashboardRequest),
  expiring: Type.Object({ within30: Count, within60: Count, within90: Count, items: Type.Array(ExpiringGraft) }),
  stockDemand: Type.Array(StockDemandCell),
  lastImport: Nullable(Type.Object({ id: Id, date: IsoDateTime, rows: Count, failed: Count })),
  staleImport: Type.Boolean(),
  staleAfterDays: Count,
  vigilance: Counted(DashboardVigilanceReport),
});
export type EuteDashboard = Static<typeof EuteDashboard>;

/** `POST /physician/dashboard/matches-seen`: the caller looked at their waiting list now. */
export const MatchesSeen = Type.Object({ seenAt: IsoDateTime });
export type MatchesSeen = Static<typeof MatchesSeen>;

/** One month of a bank's trend: free stock and open demand at the month's end, per graft type. */
export const StockTrendMonth = Type.Object({
  month: Type.String({ pattern: '^\\d{4}-\\d{2}$', description: 'yyyy-mm' }),
  asOf: IsoDate,
  types: Type.Array(Type.Object({ type: Type.Integer(), stock: Count, demand: Count })),
});
export type StockTrendMonth = Static<typeof StockTrendMonth>;

/** `GET /euteemployee/dashboard/trend`: the last 12 months, oldest first, this month last. */
export const StockTrend = Type.Object({ months: Type.Array(StockTrendMonth) });
export type StockTrend = Static<typeof StockTrend>;

const Account = Type.Object({ id: Id, email: Type.String(), name: Type.String(), since: Nullable(IsoDateTime) });

/** `GET /admin/dashboard`: accounts, banks' imports, FHIR subscriptions in error, mails, push, health, latest audit events. */
export const AdminDashboard = Type.Object({
  serverTime: FiguresReadAt,
  readOnly: Type.Boolean({ description: 'true for auditors: they see everything and change nothing' }),
  locked: Counted(Account),
  neverLoggedIn: Counted(Account),
  importProblems: Counted(
    Type.Object({
      euteId: Id,
      name: Type.String(),
      lastImportAt: Nullable(IsoDateTime),
      failed: Count,
      stale: Type.Boolean(),
    }),
  ),
  /** Subscriptions whose deliveries failed too often in a row, oldest error first. */
  failingSubscriptions: Counted(
    Type.Object({
      id: Id,
      clientId: Id,
      clientName: Type.String(),
      organisationType: SsoOrganisationType,
      organisationId: Id,
      organisationName: Type.String(),
      endpoint: Type.String(),
      topic: Type.String({ description: "the topic's canonical URL" }),
      lastError: Nullable(Type.String()),
      errorSince: Nullable(IsoDateTime),
    }),
  ),
  failedMails: Count,
  pushConnections: Count,
  health: Type.Object({ database: Type.Boolean(), engine: Type.String(), missingFiles: Count }),
  latestAudit: Type.Array(
    Type.Object({
      id: Id,
      at: IsoDateTime,
      action: Type.String(),
      targetType: Type.String(),
      targetId: Nullable(Type.String()),
      actor: Nullable(Type.String()),
    }),
  ),
});
export type AdminDashboard = Static<typeof AdminDashboard>;
