import { fitsWaitingListEntry, type EntryCriteria, type RankableGraft, type SearchableGraft } from './graft-matching';

// Which waiting-list entries a request for a graft may be tied to (docs/decisions.md "Graft requests"):
// only entries the graft fits (same type, within every size range, not expired before the window opens).

type EntryForRequest = EntryCriteria & { query_d_max: number };

/**
 * The entries `graft` fits, the one to preselect first: the earliest implant window, then the
 * diameter range whose middle is closest to the graft's.
 */
export function entriesForGraft<E extends EntryForRequest>(
  graft: SearchableGraft & Pick<RankableGraft, 'expiry'>,
  entries: readonly E[],
): E[] {
  const distance = (entry: E) => Math.abs((entry.query_d_min + entry.query_d_max) / 2 - (graft.t_Dproximal ?? 0));
  return entries
    .filter((entry) => fitsWaitingListEntry(graft, entry))
    .sort((a, b) =>
      a.query_i_min < b.query_i_min ? -1 : a.query_i_min > b.query_i_min ? 1 : distance(a) - distance(b),
    );
}
