import type { QueryClient } from '@tanstack/react-query';
import { keptFor, sessionEndsAt } from '../../api/session';

// The store's code (IndexedDB, the persister) is fetched only where something is kept or forgotten,
// so the login screen loads none of it (docs/performance.md "Web delivery").

/**
 * Before the first render: the working set this device keeps, into the cache, so each kept page
 * opens at once, offline too. Past the session's end (its idle limit) the store is emptied instead.
 */
export async function restoreKeptData(queryClient: QueryClient): Promise<void> {
  const owner = keptFor();
  if (owner === null) {
    return;
  }
  try {
    const kept = await import('./keptStore');
    await ((sessionEndsAt() ?? 0) > Date.now() ? kept.restore(queryClient, owner) : kept.forget());
  } catch {
    // No IndexedDB (a private window in some browsers), or the store broken: start without it.
  }
}

/** Empties the store: at logout, and when the session ends or is revoked. */
export async function forgetKeptData(): Promise<void> {
  const kept = await import('./keptStore');
  await kept.forget();
}
