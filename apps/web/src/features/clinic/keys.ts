import type { GraftSearchQuery, GraftSort } from '@graftmatch/domain';

/** Query keys of the clinic area; push events invalidate by these prefixes. */
export const clinicKeys = {
  all: ['clinic'] as const,
  search: (query: GraftSearchQuery, sort: GraftSort | null = null) => ['clinic', 'search', query, sort] as const,
  graft: (lot: string) => ['clinic', 'graft', lot] as const,
  waitingList: ['clinic', 'waitinglist'] as const,
  // Below `waitingList`, so its invalidation reaches both: the whole list (to choose or find an
  // entry) and the pages of the waiting-list page.
  waitingListAll: ['clinic', 'waitinglist', 'all'] as const,
  waitingListPages: ['clinic', 'waitinglist', 'page'] as const,
  current: ['clinic', 'current'] as const,
  archive: ['clinic', 'archive'] as const,
  compare: (lots: readonly string[]) => ['clinic', 'compare', ...lots] as const,
};
