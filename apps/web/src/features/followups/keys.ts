/** Query keys of follow-ups; recording, marking lost or an event invalidates `['followups']`. */
export const followUpKeys = {
  all: ['followups'] as const,
  /** The home's counters: due and overdue. */
  counts: ['followups', 'counts'] as const,
  /** A list by state and lot; the page number is appended (components/usePages.ts). */
  lists: ['followups', 'list'] as const,
  list: (state: string | null, lot: string | null) => ['followups', 'list', state, lot] as const,
  /** One graft's follow-ups, for its details page. */
  ofLot: (lot: string) => ['followups', 'lot', lot] as const,
};
