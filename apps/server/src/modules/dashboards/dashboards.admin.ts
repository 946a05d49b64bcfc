import { DASHBOARD_ITEMS, fullName, importIsStale, type AdminDashboard, type ImportSummary } from '@graftmatch/domain';
import type { Database } from '../../db/database';
import { endOfMinuteMs, type Cacheable } from '../../http/answer-cache';
import { requireAdmin } from '../../identity/policy';
import type { Principal } from '../../identity/principal';
import type { FileSweepStatus } from '../files/files.sweep';
import * as repo from './dashboards.repository';
import { counted, type DashboardsDeps } from './dashboards.service';

// The admins' home (docs/decisions.md "Dashboards").

const AUDIT_EVENTS = 10;

export interface AdminDashboardDeps extends Omit<DashboardsDeps, 'fitCounts' | 'remember'> {
  database: Pick<Database, 'engine' | 'ping'>;
  files: FileSweepStatus;
  /** Push connections open on this instance. */
  pushConnections: () => number;
}

/**
 * `GET /admin/dashboard` (admins, and auditors read-only): locked and never-used accounts, banks whose
 * last import failed rows or is stale, FHIR subscriptions in error, failed mails, push connections,
 * health and the latest audit events. Kept as the bytes sent per minute until a write changes it or
 * this instance's push connections or missing files change; failed mails and audit events bump no
 * version, so they show within the minute (docs/performance.md "Homes").
 */
export function adminDashboard(deps: AdminDashboardDeps, principal: Principal | null): Cacheable<AdminDashboard> {
  const caller = requireAdmin(principal, { write: false });
  const readOnly = !caller.admin;
  const pushConnections = deps.pushConnections();
  const missingFiles = deps.files.missingFiles();
  return {
    key: `home:admin:${readOnly}:${pushConnections}:${missingFiles}`,
    alsoReads: ['access', 'activity'],
    // Lock-outs end and imports turn stale with the clock; mails fail and audit events come without a version.
    holdsUntilMs: endOfMinuteMs(deps.now().getTime()),
    compute: () => readAdminDashboard(deps, { readOnly, pushConnections, missingFiles }),
  };
}

async function readAdminDashboard(
  deps: AdminDashboardDeps,
  live: { readOnly: boolean; pushConnections: number; missingFiles: number },
): Promise<AdminDashboard> {
  const now = deps.now();
  const databaseUp = await deps.database.ping().then(
    () => true,
    () => false,
  );
  const [locked, never, eutes, failingSubscriptions, failedMails, audit] = await Promise.all([
    repo.lockedAccounts(deps.db, now.toISOString()),
    repo.neverUsedAccounts(deps.db),
    repo.activeEutes(deps.db),
    repo.failingSubscriptions(deps.db, DASHBOARD_ITEMS),
    repo.failedMailCount(deps.db),
    repo.latestAuditEvents(deps.db, AUDIT_EVENTS),
  ]);
  const imports = await Promise.all(
    eutes.map(async (eute) => {
      const last = await repo.latestImport(deps.db, { euteIds: [eute.id] });
      const summary = last?.summary ? (JSON.parse(last.summary) as Partial<ImportSummary>) : {};
      const lastImportAt = last?.date ?? null;
      return {
        euteId: eute.id,
        name: eute.name,
        lastImportAt,
        failed: summary.failed ?? 0,
        stale: importIsStale(lastImportAt, now, Number(eute.importSilenceDays)),
      };
    }),
  );
  const account = (row: { id: string; email: string; firstName: string; lastName: string; since: string | null }) => ({
    id: row.id,
    email: row.email,
    name: fullName(row),
    since: row.since,
  });
  return {
    serverTime: now.toISOString(),
    readOnly: live.readOnly,
    locked: counted(locked.map(account)),
    neverLoggedIn: counted(never.map(account)),
    importProblems: counted(imports.filter((bank) => bank.failed > 0 || bank.stale)),
    failingSubscriptions,
    failedMails,
    pushConnections: live.pushConnections,
    health: { database: databaseUp, engine: deps.database.engine, missingFiles: live.missingFiles },
    latestAudit: audit,
  };
}
