import type { OutcomesFilter, OutcomesReach } from './api';

/** Query keys of the quality view; `all` covers every filter's. */
export const outcomeKeys = {
  all: ['outcomes'] as const,
  view: (reach: OutcomesReach, filter: OutcomesFilter) => ['outcomes', reach, filter] as const,
};
