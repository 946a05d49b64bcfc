import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import type { DB } from '../db/types';

// Named query helpers for waiting-list entries (docs/decisions.md §11), shared by the repositories
// that read entries (waiting list, requests, reminders), so "open" means the same in each.

/**
 * Neither removed nor implanted: removing an entry or implanting a graft for it closes it, and the
 * row stays for the audit trail (docs/decisions.md, "One implantation per patient").
 */
export function isOpenEntry(eb: ExpressionBuilder<DB, 'waitingListEntries'>): Expression<SqlBool> {
  return eb('waitingListEntries.closedAt', 'is', null);
}

/**
 * Still looking for a graft on `today`: open, of an active clinic (joined as `clinics`), and its
 * implant window not over. What freed grafts are matched against and a request may fill.
 */
export function isWantedEntry(today: string) {
  return (eb: ExpressionBuilder<DB, 'waitingListEntries' | 'clinics'>): Expression<SqlBool> =>
    eb.and([isOpenEntry(eb), eb('waitingListEntries.queryIMax', '>=', today), eb('clinics.active', '=', 1)]);
}

/** An entry's search and the start of its implant window: what a graft is matched against (domain `graft-matching`). */
export const ENTRY_CRITERIA_COLUMNS = [
  'waitingListEntries.queryType',
  'waitingListEntries.queryDMin',
  'waitingListEntries.queryDMax',
  'waitingListEntries.queryLMin',
  'waitingListEntries.queryLLMin',
  'waitingListEntries.queryLRMin',
  'waitingListEntries.queryIMin',
] as const;
