import type { GraftSearchQuery, GraftSort } from '@graftmatch/domain';
import { waitingListKey } from '../grafts/waitingList';

/** Query keys of the clinic area; push events invalidate by these prefixes. */
export const clinicKeys = {
  all: ['clinic'] as const,
  search: (query: GraftSearchQuery, sort: GraftSort | null = null) => ['clinic', 'search', query, sort] as const,
  // Every graft's details: the device keeps those of the clinic's own grafts (docs/security.md "On the device").
  grafts: ['clinic', 'graft'] as const,
  graft: (lot: string) => ['clinic', 'graft', lot] as const,
  // Its invalidation reaches both the whole list (features/grafts/waitingList.ts, which a request
  // and a match alert read too) and the pages of the waiting-list page.
  waitingList: waitingListKey,
  waitingListPages: [...waitingListKey, 'page'] as const,
  current: ['clinic', 'current'] as const,
  archive: ['clinic', 'archive'] as const,
  compare: (lots: readonly string[]) => ['clinic', 'compare', ...lots] as const,
};
