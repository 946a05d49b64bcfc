import { MAX_PAGE_SIZE } from '@graftmatch/domain';
import { queryOptions } from '@tanstack/react-query';
import { listFollowUps } from './api';
import { followUpKeys } from './keys';

/** How many of the clinic's follow-ups are due and how many overdue, for the physician's home. */
export const followUpCountsQuery = queryOptions({
  queryKey: followUpKeys.counts,
  queryFn: async ({ signal }) => {
    const count = async (state: 'due' | 'overdue') => (await listFollowUps({ state, limit: 1 }, signal)).total;
    const [due, overdue] = await Promise.all([count('due'), count('overdue')]);
    return { due, overdue };
  },
});

/** Every follow-up of one graft (at most eleven visits and its events). */
export const lotFollowUpsQuery = (lot: string) =>
  queryOptions({
    queryKey: followUpKeys.ofLot(lot),
    queryFn: ({ signal }) => listFollowUps({ lot, limit: MAX_PAGE_SIZE }, signal),
  });
