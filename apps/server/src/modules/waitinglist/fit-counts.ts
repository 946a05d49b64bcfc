import { buildFitCounter, type FitCounter } from '@graftmatch/domain';
import type { Database } from '../../db/database';
import { createDataVersionReader } from '../../db/data-versions';
import { createFreeGraftSizesQuery } from './waitinglist.repository';

/** The fit counter for the graft data as it stands now. */
export type FitCounts = (today: string) => Promise<FitCounter>;

/**
 * Fit counts of waiting lists (docs/performance.md, fit counts): the Free grafts' sizes are read
 * once per graft-data version and day, and every entry of every list is counted against them in
 * memory, instead of a count over the grafts per entry in SQL. The version is read first, so data
 * written meanwhile is at worst newer than its version says, and is read again next time; the
 * database's own version means a write on any instance is seen. Concurrent misses share one read.
 */
export function createFitCounts(database: Database): FitCounts {
  const readVersions = createDataVersionReader(database);
  const readSizes = createFreeGraftSizesQuery(database);
  let kept: { key: string; counter: Promise<FitCounter> } | undefined;
  return async (today) => {
    const { graftData } = await readVersions();
    const key = `${graftData}:${today}`;
    if (kept?.key !== key) {
      const counter = readSizes(today).then(buildFitCounter);
      kept = { key, counter };
      // A failed read is not kept: the next list asks again.
      counter.catch(() => {
        if (kept?.counter === counter) {
          kept = undefined;
        }
      });
    }
    return kept.counter;
  };
}
