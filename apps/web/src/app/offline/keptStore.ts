import type { QueryClient } from '@tanstack/react-query';
import {
  persistQueryClientRestore,
  persistQueryClientSave,
  persistQueryClientSubscribe,
} from '@tanstack/react-query-persist-client';
import { clear, createStore, del, get, set, type UseStore } from 'idb-keyval';
import { keptFor, noteKeptFor } from '../../api/session';
import { keepInMemory } from './keptQueries';
import { keptDehydrateOptions, keptPersister } from './keptPersister';

/** The app's IndexedDB database and store: one entry, the signed-in user's working set. */
const KEPT_DATABASE = 'graftmatch-offline';
const KEPT_STORE = 'kept';

let store: UseStore | undefined;
// Opened when first used, not when this module loads.
const idb = () => (store ??= createStore(KEPT_DATABASE, KEPT_STORE));

const keyFor = (userId: string) => `working-set:${userId}`;

// Whether it is still valid is decided before restoring, by the session's end.
const NO_AGE_LIMIT = Number.POSITIVE_INFINITY;

// Every running subscription's stop, so forgetting stops them all, a start still under way included.
const keepers = new Set<() => void>();

function persisterFor(userId: string) {
  let open = true;
  const persister = keptPersister(
    {
      getItem: async (key) => (await get<string>(key, idb())) ?? null,
      // A save still waiting for its turn when the store is forgotten writes nothing.
      setItem: (key, value) => (open ? set(key, value, idb()) : Promise.resolve()),
      removeItem: (key) => del(key, idb()),
    },
    keyFor(userId),
  );
  return {
    persister,
    close: () => {
      open = false;
    },
  };
}

/**
 * Puts the user's kept working set into the cache, all of it stale: shown at once, and fetched anew
 * as soon as a page uses it with the network there (what the device kept may lag a second behind).
 * An answer fetched while the store was read is newer: hydration keeps it, and it stays fresh.
 */
export async function restore(queryClient: QueryClient, userId: string): Promise<void> {
  const startedAt = Date.now();
  keepInMemory(queryClient);
  await persistQueryClientRestore({ queryClient, persister: persisterFor(userId).persister, maxAge: NO_AGE_LIMIT });
  await queryClient.invalidateQueries({
    refetchType: 'none',
    predicate: (query) => query.state.dataUpdatedAt < startedAt,
  });
}

/**
 * Keeps the user's working set on the device from now on, as it changes; answers the function that
 * stops it. Another user's working set is never kept beside it.
 */
export async function startKeeping(queryClient: QueryClient, userId: string): Promise<() => void> {
  const { persister, close } = persisterFor(userId);
  let stopped = false;
  let unsubscribe = () => {};
  const stop = () => {
    stopped = true;
    unsubscribe();
    close();
    keepers.delete(stop);
  };
  // Known before the first wait: a session that ends while this starts writes nothing afterwards.
  keepers.add(stop);
  if (keptFor() !== userId) {
    await clear(idb());
    noteKeptFor(userId);
  }
  if (stopped) {
    return stop;
  }
  keepInMemory(queryClient);
  const props = { queryClient, persister, dehydrateOptions: keptDehydrateOptions };
  unsubscribe = persistQueryClientSubscribe(props);
  // What the screens already show, before the next change.
  await persistQueryClientSave(props);
  return stop;
}

/** Stops keeping and empties the store. */
export async function forget(): Promise<void> {
  for (const stop of keepers) {
    stop();
  }
  await clear(idb());
}
