import { statSync } from 'node:fs';
import { translateMessage, type Message } from '@graftmatch/domain';

/**
 * Watches that the data folder (and the SQLite file in it) is still the one the server opened.
 * A folder deleted or swapped under a running server goes unnoticed by the open file handle: writes
 * land in a deleted file and vanish at the next start. Re-checked at most once a second of the app's
 * clock, so tests move the clock instead of waiting.
 */
export interface StorageGuard {
  /** Why the storage cannot be trusted any more, or null while it is the one opened at start. */
  problem(): Message | null;
}

interface Identity {
  path: string;
  dev: number;
  ino: number;
}

const identityOf = (path: string): Identity => {
  const { dev, ino } = statSync(path);
  return { path, dev, ino };
};

function changed(identity: Identity): string | null {
  try {
    const now = identityOf(identity.path);
    return now.dev === identity.dev && now.ino === identity.ino ? null : `"${identity.path}" was replaced`;
  } catch (error) {
    return `"${identity.path}" is gone (${(error as NodeJS.ErrnoException).code ?? 'error'})`;
  }
}

export function createStorageGuard(
  paths: string[],
  log: { fatal(details: Record<string, unknown>, message: string): void },
  now: () => Date,
  recheckMs = 1000,
): StorageGuard {
  const identities = paths.map(identityOf);
  let checkedAt = 0;
  let lastProblem: Message | null = null;
  return {
    problem() {
      const at = now().getTime();
      if (lastProblem !== null || at - checkedAt < recheckMs) {
        return lastProblem;
      }
      checkedAt = at;
      const reasons = identities.map(changed).filter((reason): reason is string => reason !== null);
      if (reasons.length > 0) {
        // Sticky: the files this process holds open are no longer the data; only a restart mends that.
        lastProblem = { key: 'problem.other.dataFolderChanged', params: { reasons: reasons.join('; ') } };
        log.fatal({ paths }, translateMessage('en', lastProblem));
      }
      return lastProblem;
    },
  };
}
