import { setTimeout as sleep } from 'node:timers/promises';
import { isDatabaseBusy } from '../db/errors';

// `graftmatch import` beside a running server (docs/operations.md "Writers on SQLite"): each write
// already waits its turn for SQLITE_WRITE_WAIT_SECONDS; when the server still holds the database,
// the whole import (rolled back, so nothing of it was written) is tried again after a pause that
// doubles each time, and the command says so on stderr. A cron job meets this, not a person.

/** The pauses before each new try; after the last, the import fails with the busy error. */
export const IMPORT_RETRY_DELAYS_MS = [1000, 2000, 4000, 8000, 16_000];

export async function retryWhileBusy<T>(
  work: () => Promise<T>,
  say: (line: string) => void,
  delaysMs: readonly number[] = IMPORT_RETRY_DELAYS_MS,
): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      const delay = delaysMs[attempt];
      if (delay === undefined || !isDatabaseBusy(error)) {
        throw error;
      }
      say(
        `graftmatch: the database is busy (another process is writing); nothing was imported yet, trying again in ${delay / 1000} s (try ${attempt + 2} of ${delaysMs.length + 1})`,
      );
      await sleep(delay);
    }
  }
}
