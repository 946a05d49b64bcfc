import { buildEntryFitCounter, buildFitCounter, type EntryFitCounter, type FitCounter } from '@graftmatch/domain';
import type { Database } from '../../db/database';
import { createDataVersionReader, type DataVersions } from '../../db/data-versions';
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
 * One counter kept per key (data versions and the argument): concurrent misses share one read,
 * and a failed read is not kept, so the next list asks again.
 */
function keptPerVersion<A, C>(
  readVersions: () => Promise<DataVersions>,
  keyOf: (versions: DataVersions, argument: A) => string,
  build: (argument: A) => Promise<C>,
): (argument: A) => Promise<C> {
  let kept: { key: string; counter: Promise<C> } | undefined;
  return async (argument) => {
    const key = keyOf(await readVersions(), argument);
    if (kept?.key !== key) {
      const counter = build(argument);
      kept = { key, counter };
      counter.catch(() => {
        if (kept?.counter === counter) {
          kept = undefined;
        }
      });
    }
    return kept.counter;
  };
}

/**
 * Fit counts of lists (docs/performance.md, fit counts): the Free grafts' sizes, or the open
 * entries' criteria, are read once per data version (and day, for grafts), and every item of a
 * list is counted against them in memory, instead of a count per item in SQL. The version is read
 * first, so data written meanwhile is at worst newer than its version says, and is read again next
 * time; the database's own version means a write on any instance is seen.
 */
export function createFitCounts(database: Database): FitCounts {
  const readVersions = createDataVersionReader(database);
  const readSizes = createFreeGraftSizesQuery(database);
  const readCriteria = createOpenEntryCriteriaQuery(database);
  const grafts = keptPerVersion(
    readVersions,
    (versions, today: string) => `${versions.graftData}:${today}`,
    (today) => readSizes(today).then(buildFitCounter),
  );
  // Entries and the clinics' active flags (graft data) decide which entries are open to count.
  const entries = keptPerVersion(
    readVersions,
    (versions) => `${versions.waitingList}:${versions.graftData}`,
    async () => buildEntryFitCounter((await readCriteria()).flatMap((row) => entryCriteria(row) ?? [])),
  );
  return Object.assign(grafts, { entries: () => entries(undefined) });
}
