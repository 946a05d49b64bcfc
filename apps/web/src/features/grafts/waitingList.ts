import type { WaitingListEntry } from '@graftmatch/domain';
import { queryOptions } from '@tanstack/react-query';
import { callAll } from '../../api/call';

/** The physician's waiting list: each of its queries lies below this key, so invalidating it reaches them all. */
export const waitingListKey = ['clinic', 'waitinglist'] as const;

/** The whole waiting list, for choosing or finding one entry of it: the one a request is for, those a match names. */
export const wholeWaitingListQuery = queryOptions({
  queryKey: [...waitingListKey, 'all'] as const,
  queryFn: (): Promise<WaitingListEntry[]> => callAll('GET /physician/waitinglist'),
});
