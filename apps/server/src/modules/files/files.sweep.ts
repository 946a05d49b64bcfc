import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database';
import { sweepStorage, type StoredKeyIndex } from '../../storage/sweep';
import type { FileStorage } from '../../storage/storage';
import { sourceKeyOf } from './files-download.service';
import * as repo from './files.repository';

const SWEEP_INTERVAL_MS = 60 * 60 * 1000;
/** Uploads in flight (here or on another instance sharing the folder) are younger than this. */
const SWEEP_GRACE_MS = 10 * 60 * 1000;

/** What the last sweep found, for the health answers. */
export interface FileSweepStatus {
  /** Files named by rows but missing from the folder at the last sweep. */
  missingFiles(): number;
}

function keyIndex(database: Database): StoredKeyIndex {
  return { referencedKeys: () => repo.allStorageKeys(database.db), ownerOf: sourceKeyOf };
}

/**
 * Sweeps the file store when the server starts and every hour (docs/operations.md, "Files
 * folder"). On SQLite this process is the only writer, so the start-up sweep removes every
 * temporary file at once; on PostgreSQL other instances may share the folder, so only those older
 * than 10 minutes go.
 */
export function registerFileSweep(
  app: FastifyInstance,
  deps: { database: Database; storage: FileStorage; now: () => Date; intervalMs?: number },
): FileSweepStatus {
  const index = keyIndex(deps.database);
  let missing = 0;
  const sweep = (graceMs: number) =>
    sweepStorage(deps.storage, index, app.log, { now: deps.now(), graceMs }).then(
      (result) => void (missing = result.missing.length),
      (error: unknown) => app.log.error({ err: error }, 'file sweep failed; it runs again in an hour'),
    );
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    await sweep(deps.database.engine === 'sqlite' ? 0 : SWEEP_GRACE_MS);
    timer = setInterval(() => void sweep(SWEEP_GRACE_MS), deps.intervalMs ?? SWEEP_INTERVAL_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
  return { missingFiles: () => missing };
}
