import { validateSearchQuery, type GraftSearchQuery } from '@graftmatch/domain';

// The last search of this browser's user, so the next one starts from it (a physician looking for
// one patient at night searches the same sizes again). Sizes only, no patient; logout clears it
// with the rest of the device's storage (app/deviceState.ts).
const LAST_SEARCH_KEY = 'graftmatch.lastSearch';

export function rememberSearch(query: GraftSearchQuery): void {
  localStorage.setItem(LAST_SEARCH_KEY, JSON.stringify(query));
}

/** The last search, or null when there is none or what is stored is no valid search. */
export function lastSearch(): GraftSearchQuery | null {
  try {
    const stored = JSON.parse(localStorage.getItem(LAST_SEARCH_KEY) ?? 'null') as unknown;
    return stored !== null && validateSearchQuery(stored).length === 0 ? (stored as GraftSearchQuery) : null;
  } catch {
    return null;
  }
}
