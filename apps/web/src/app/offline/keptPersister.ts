import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import { removeOldestQuery, type Persister } from '@tanstack/react-query-persist-client';
import { isKept } from './keptQueries';
import { fitWithin } from './keptSize';

/** Where the persister keeps its one entry (IndexedDB in the app). */
export interface KeptStorage {
  getItem: (key: string) => Promise<string | null>;
  setItem: (key: string, value: string) => Promise<void>;
  removeItem: (key: string) => Promise<void>;
}

/** What of the cache is kept: the working set's queries, and never a write. */
export const keptDehydrateOptions = {
  shouldDehydrateQuery: isKept,
  // Writes are never kept: offline they are refused, not queued (docs/decisions.md "Offline").
  shouldDehydrateMutation: () => false,
};

/** The user's working set under `key`, within the bound, oldest out first (TanStack Query's persister). */
export function keptPersister(storage: KeptStorage, key: string): Persister {
  return createAsyncStoragePersister({
    storage,
    key,
    serialize: (client) => fitWithin(client).json,
    // A browser quota below the bound: the oldest query goes, and the save is tried again.
    retry: removeOldestQuery,
  });
}
