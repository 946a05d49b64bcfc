import { useCallback, useSyncExternalStore } from 'react';
import { partialMatchKey, useQueryClient, type Query, type QueryClient } from '@tanstack/react-query';
import { meKey } from '../../features/auth';
import { notificationKeys } from '../../features/notifications/keys';

const hasData = (query: Query) => query.state.data !== undefined;
// The frame of every page (who is signed in, their settings, the bell) is not the page's data.
const FRAME = [meKey, notificationKeys.unreadCount];
const ofThePage = (query: Query) => !FRAME.some((key) => partialMatchKey(query.queryKey, key));

/** When the newest data in the cache came from the server (ms), or null with none. */
function newestData(queryClient: QueryClient): number | null {
  const times = queryClient
    .getQueryCache()
    .getAll()
    .filter(hasData)
    .map((query) => query.state.dataUpdatedAt);
  return times.length > 0 ? Math.max(...times) : null;
}

/**
 * When the oldest data the page shows came from the server (ms); null when it shows none, or waits
 * for data it cannot get (a part not kept on the device says so itself).
 */
function pageAsOf(queryClient: QueryClient): number | null {
  const shown = queryClient.getQueryCache().findAll({ type: 'active' }).filter(ofThePage);
  if (shown.length === 0 || !shown.every(hasData)) {
    return null;
  }
  return Math.min(...shown.map((query) => query.state.dataUpdatedAt));
}

function useCacheValue(read: (queryClient: QueryClient) => number | null, watch: boolean): number | null {
  const queryClient = useQueryClient();
  const subscribe = useCallback(
    (listener: () => void) => (watch ? queryClient.getQueryCache().subscribe(listener) : () => undefined),
    [queryClient, watch],
  );
  return useSyncExternalStore(subscribe, () => (watch ? read(queryClient) : null));
}

/** While `watch`: the time of the newest data on hand, for the header's "data from". */
export const useNewestData = (watch: boolean) => useCacheValue(newestData, watch);

/** While `watch`: the time of the oldest data the page shows, for its "as of" line. */
export const usePageAsOf = (watch: boolean) => useCacheValue(pageAsOf, watch);
