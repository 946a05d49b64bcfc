import type { EntryAttention } from '../rules/dashboard';
import type { MailState } from '../schemas/mail';
import type { StockQuery } from '../schemas/stock';
import type { UserAttention } from '../schemas/user';
import type { InboxView, RequestState } from './graft-requests';
import type { GraftTypeSlug } from './graft-types';

// The web app's addresses, the one place they are spelt (docs/decisions.md "One source, held by
// lint"): the web's links, the server's mails and the push alerts. The router
// (apps/web/src/app/router.tsx) serves them; the web-paths test holds the two together.

type QueryValue = string | number | null | undefined;

/** A path with its query parameters in the order given; a parameter without a value is left out. */
function withQuery(path: string, query: Readonly<Record<string, QueryValue>>): string {
  const pairs = Object.entries(query)
    .filter((pair): pair is [string, string | number] => pair[1] !== null && pair[1] !== undefined && pair[1] !== '')
    .map(([name, value]) => `${name}=${encodeURIComponent(value)}`);
  return pairs.length > 0 ? `${path}?${pairs.join('&')}` : path;
}

/** The filters of the bank's stock the URL carries, named as the stock's query. */
export type StockFilter = Pick<StockQuery, 'state' | 'type' | 'dMin' | 'dMax' | 'expiresWithin'>;

export const webPaths = {
  /** The signed-in user's home (one card set per area). */
  home: '/home',
  /** Changing one's password. */
  password: '/home/password',
  /** A graft's life story. */
  graftHistory: (lot: string) => `/home/grafts/${encodeURIComponent(lot)}/history`,
  /** The physician's search, of one graft type when given. */
  clinicSearch: (type?: GraftTypeSlug) => (type ? `/home/clinic/search/${type}` : '/home/clinic/search'),
  /** A graft's details page for a physician. */
  clinicGraft: (lot: string) => `/home/clinic/graft/${encodeURIComponent(lot)}`,
  /** Grafts side by side. */
  clinicCompare: (lots: readonly string[]) => withQuery('/home/clinic/compare', { lots: lots.join(',') }),
  /** Grafts assigned to the physician's clinics, and their archive. */
  clinicCurrent: '/home/clinic/current',
  clinicArchive: '/home/clinic/archive',
  /** The physician's graft requests. */
  clinicRequests: '/home/clinic/requests',
  /** The physician's requests in one state. */
  clinicRequestsIn: (state: RequestState) => withQuery('/home/clinic/requests', { state }),
  /** The physician's waiting list. */
  clinicWaitingList: '/home/clinic/waitinglist',
  /** The physician's waiting-list entries that need this attention. */
  clinicWaitingListNeeding: (attention: EntryAttention) => withQuery('/home/clinic/waitinglist', { show: attention }),
  /** The physician's follow-ups after implantations, optionally one state's or one graft's (docs/api.md "Follow-ups"). */
  clinicFollowUps: (filter: { state?: string; lot?: string } = {}) => withQuery('/home/clinic/followups', filter),
  /** The tissue bank's area, and its demand (every open waiting-list entry). */
  eute: '/home/eute',
  euteDemand: '/home/eute/waitinglist',
  /** The bank's stock, optionally filtered. */
  euteStock: (filter: StockFilter = {}) => withQuery('/home/eute/current', filter),
  /** The bank's archive of donations. */
  euteArchive: '/home/eute/archive',
  /** One of the bank's grafts, for its employees. */
  euteDonation: (lot: string) => `/home/eute/donation/${encodeURIComponent(lot)}`,
  /** The bank's inbox of graft requests. */
  euteRequests: '/home/eute/requests',
  /** The bank's inbox, one view of it. */
  euteRequestsShowing: (view: InboxView) => withQuery('/home/eute/requests', { show: view }),
  /** A vigilance report's page. */
  vigilanceReport: (id: string) => `/home/vigilance/${encodeURIComponent(id)}`,
  /** The vigilance list. */
  vigilance: '/home/vigilance',
  /** The open reports of the caller's banks, soonest deadline first: what the bank home's counter counts (docs/decisions.md "Dashboards"). */
  openVigilance: withQuery('/home/vigilance', { show: 'open' }),
  /** The quality view of outcomes after implantation (banks, admins and auditors). */
  quality: '/home/quality',
  /** The notification centre. */
  notifications: '/home/notifications',
  /** The user's own settings (alerts, devices, hints). */
  settings: '/home/settings',
  /** Importing grafts, the import logs, and one log. */
  imports: '/home/imports',
  importLogs: '/home/imports/logs',
  importLog: (id: string) => `/home/imports/logs/${encodeURIComponent(id)}`,
  /** The admin area, and its lists; a list's `selected` record opens beside it. */
  admin: '/home/admin',
  adminUsers: (query: { show?: UserAttention; selected?: string } = {}) => withQuery('/home/admin/users', query),
  adminClinics: (query: { selected?: string } = {}) => withQuery('/home/admin/clinics', query),
  adminEutes: (query: { selected?: string } = {}) => withQuery('/home/admin/eutes', query),
  adminAuditLog: '/home/admin/auditlog',
  adminMails: (query: { state?: MailState } = {}) => withQuery('/home/admin/mails', query),
  /** The login screen. */
  login: '/login',
  /** The login screen saying why a single sign-on came back refused (`SSO_ERRORS`). */
  loginRefusedBySso: (code: string) => withQuery('/login', { sso_error: code }),
  /** Where a single sign-on returns with its one-time hand-over for the session. */
  ssoHandover: (handover: string) => withQuery('/login/sso', { handover }),
  /** The form a set-password (recovery or invitation) link opens. */
  recover: (token: string) => `/recover/${encodeURIComponent(token)}`,
} as const;
