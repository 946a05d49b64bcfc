/**
 * Query keys of the tissue-bank area. The push hookup (app/usePush.tsx) invalidates `['eute']`
 * when grafts change and `['eute', 'waitinglist']` when the demand changes.
 */
export const euteKeys = {
  all: ['eute'] as const,
  waitingList: ['eute', 'waitinglist'] as const,
  // Below `waitingList`, so its invalidation reaches both: the whole demand (read only while
  // searching) and its pages.
  waitingListAll: ['eute', 'waitinglist', 'all'] as const,
  waitingListPages: ['eute', 'waitinglist', 'page'] as const,
  // Every view's pages and every donation's details: the device keeps first pages and the details opened
  // (docs/security.md "On the device").
  stockPages: ['eute', 'stock'] as const,
  stock: (view: object) => ['eute', 'stock', view] as const,
  archive: ['eute', 'archive'] as const,
  donations: ['eute', 'donation'] as const,
  donation: (lot: string) => ['eute', 'donation', lot] as const,
};
