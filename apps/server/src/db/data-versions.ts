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

/** Reads the current versions: one prepared statement on a one-row table. */
export function createDataVersionReader(database: Database): () => Promise<DataVersions> {
  const query = prepare<Record<string, never>, DataVersions>(
    database,
    database.db.selectFrom('dataVersions').select(['graftData', 'access', 'waitingList']).where('id', '=', 1),
  );
  return async () => {
    const [row] = await query({});
    if (!row) {
      throw new Error('data_versions has no row; run the migrations');
    }
    return { graftData: Number(row.graftData), access: Number(row.access), waitingList: Number(row.waitingList) };
  };
}
