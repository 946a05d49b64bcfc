import { buildEntryFitCounter, buildFitCounter, type EntryFitCounter, type FitCounter } from '@graftmatch/domain';
import type { Database } from '../../db/database';
import { createVersionMemo } from '../../cache/version-memo';
import { createDataVersionReader } from '../../db/data-versions';
import { entryCriteria } from './waitinglist.mapper';
import { createFreeGraftSizesQuery, createOpenEntryCriteriaQuery } from './waitinglist.repository';

/** The fit counters for the data as it stands now. */
export interface FitCounts {
  /** Free grafts counted per waiting-list entry. */
  (today: string): Promise<FitCounter>;
  /** Open entries of active clinics counted per graft: the bank's stock (docs/decisions.md). */
  entries(): Promise<EntryFitCounter>;
}

/**
 * Fit counts of lists (docs/performance.md, fit counts): the Free grafts' sizes, or the open
 * entries' criteria, are read once per data version (and day, for grafts), and every item of a
 * list is counted against them in memory, instead of a count per item in SQL. The version is read
 * first, so data written meanwhile is at worst newer than its version says, and is read again next
 * time; the database's own version means a write on any instance is seen.
 */
export function createFitCounts(database: Database): FitCounts {
  const remember = createVersionMemo(createDataVersionReader(database), 2);
  const readSizes = createFreeGraftSizesQuery(database);
  const readCriteria = createOpenEntryCriteriaQuery(database);
  const grafts = (today: string) =>
    remember(
      'grafts',
      (versions) => `${versions.graftData}:${today}`,
      () => readSizes(today).then(buildFitCounter),
    );
  // Entries and the clinics' active flags (graft data) decide which entries are open to count.
  const entries = () =>
    remember(
      'entries',
      (versions) => `${versions.waitingList}:${versions.graftData}`,
      async () => buildEntryFitCounter((await readCriteria()).flatMap((row) => entryCriteria(row) ?? [])),
    );
  return Object.assign(grafts, { entries });
}
