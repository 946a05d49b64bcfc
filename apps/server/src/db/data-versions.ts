import type { Database } from './database';
import { prepare } from './prepared';

/**
 * The counters of `data_versions` and `activity_version`, bumped by the database on writes
 * (migrations 2026-11-23-versions-and-search-index, 2026-12-10-activity-version).
 */
export interface DataVersions {
  /** Grafts, their files, clinics, banks, memberships, follow-ups (migration 2026-12-06-followups-versions). */
  graftData: number;
  /** Users, memberships, clinics, banks, a session's end. */
  access: number;
  /** Waiting-list entries. */
  waitingList: number;
  /**
   * Requests, vigilance reports, import logs, matches seen, FHIR subscriptions (migration
   * 2026-12-10-activity-version): what the homes show besides the others.
   */
  activity: number;
}

/** Reads the current versions; `known()` gives them without waiting when no commit came since the last read. */
export interface DataVersionReader {
  (): Promise<DataVersions>;
  /** The last versions read, while the database's change token says they still hold; else null. */
  known(): DataVersions | null;
}

/**
 * Reads the current versions: one prepared statement on a one-row table. On SQLite the last
 * versions are kept while the database's change token stays the same (db/sqlite-changes.ts), so a
 * request that follows no commit reads no table. PostgreSQL has no such token: callers share
 * reads instead (docs/performance.md, "Data versions on PostgreSQL").
 */
export function createDataVersionReader(database: Database): DataVersionReader {
  const query = prepare<Record<string, never>, DataVersions>(
    database,
    database.db
      .selectFrom('dataVersions')
      .innerJoin('activityVersion', 'activityVersion.id', 'dataVersions.id')
      .select(['graftData', 'access', 'waitingList', 'activity'])
      .where('dataVersions.id', '=', 1),
  );
  let last: { token: string; versions: DataVersions } | null = null;
  const known = (token: string | null) => (token !== null && last?.token === token ? last.versions : null);
  const readTable = async () => {
    const [row] = await query({});
    if (!row) {
      throw new Error('data_versions or activity_version has no row; run the migrations');
    }
    return {
      graftData: Number(row.graftData),
      access: Number(row.access),
      waitingList: Number(row.waitingList),
      activity: Number(row.activity),
    };
  };
  // Callers share reads: one that arrives while a read is on its way may miss a commit it has
  // seen, so it waits for the next read, sent after it arrived. Under load that is one read per
  // round trip instead of one per request, and every caller still sees every commit before it.
  let sent: Promise<DataVersions> | null = null;
  let queued: Promise<DataVersions> | null = null;
  const send = () => {
    const reading = readTable().finally(() => {
      if (sent === reading) {
        sent = null;
      }
    });
    sent = reading;
    return reading;
  };
  const ignore = () => undefined;
  const shared = () => {
    if (!sent) {
      return send();
    }
    queued ??= sent.then(ignore, ignore).then(() => {
      queued = null;
      return send();
    });
    return queued;
  };
  const read = async () => {
    // Taken right before the read, in the same turn: a commit after it changes the next token.
    const token = database.changeToken?.() ?? null;
    const kept = known(token);
    if (kept) {
      return kept;
    }
    const versions = await shared();
    last = token === null ? null : { token, versions };
    return versions;
  };
  return Object.assign(read, { known: () => known(database.changeToken?.() ?? null) });
}
