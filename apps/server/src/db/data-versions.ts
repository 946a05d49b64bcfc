import type { Database } from './database';
import { prepare } from './prepared';

/** The counters of `data_versions`, bumped by the database on writes (migration 2026-11-23-versions-and-search-index). */
export interface DataVersions {
  /** Grafts, their files, clinics, banks, memberships. */
  graftData: number;
  /** Users, memberships, clinics, banks, a session's end. */
  access: number;
  /** Waiting-list entries. */
  waitingList: number;
}

/**
 * Reads the current versions: one prepared statement on a one-row table. On SQLite the last
 * versions are kept while the database's change token stays the same (db/sqlite-changes.ts), so a
 * request that follows no commit reads no table.
 */
export function createDataVersionReader(database: Database): () => Promise<DataVersions> {
  const query = prepare<Record<string, never>, DataVersions>(
    database,
    database.db.selectFrom('dataVersions').select(['graftData', 'access', 'waitingList']).where('id', '=', 1),
  );
  let last: { token: string; versions: DataVersions } | null = null;
  return async () => {
    // Taken right before the read, in the same turn: a commit after it changes the next token.
    const token = database.changeToken?.() ?? null;
    if (token !== null && last?.token === token) {
      return last.versions;
    }
    const [row] = await query({});
    if (!row) {
      throw new Error('data_versions has no row; run the migrations');
    }
    const versions = {
      graftData: Number(row.graftData),
      access: Number(row.access),
      waitingList: Number(row.waitingList),
    };
    last = token === null ? null : { token, versions };
    return versions;
  };
}
