import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database';
import { sweepStorage, type StoredKeyIndex } from '../../storage/sweep';
import type { FileStorage } from '../../storage/storage';
import { sourceKeyOf } from './files-download.service';
import * as repo from './files.repository';

const SWEEP_INTERVAL_MS = 60 * 60 * 1000;
/** Uploads in flight (here or on another instance sharing the folder) are younger than this. */
const SWEEP_GRACE_MS = 10 * 60 * 1000;

function keyIndex(database: Database): StoredKeyIndex {
  return {
    referencedKeys: () => repo.allStorageKeys(database.db),
    forgetKeys: (keys) => repo.deleteFilesByStorageKeys(database.db, keys),
    ownerOf: sourceKeyOf,
  };
}

/**
 * Sweeps the file store when the server starts and every hour (docs/decisions.md, "Files"). On
 * SQLite this process is the only writer, so the start-up sweep removes every leftover at once;
 * on PostgreSQL other instances may share the folder, so only leftovers older than 10 minutes go.
 */
export function registerFileSweep(
  app: FastifyInstance,
  deps: { database: Database; storage: FileStorage; now: () => Date },
): void {
  const index = keyIndex(deps.database);
  const sweep = (graceMs: number) =>
    sweepStorage(deps.storage, index, app.log, { now: deps.now(), graceMs }).catch((error: unknown) => {
      app.log.error({ err: error }, 'file sweep failed; it runs again in an hour');
    });
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    await sweep(deps.database.engine === 'sqlite' ? 0 : SWEEP_GRACE_MS);
    timer = setInterval(() => void sweep(SWEEP_GRACE_MS), SWEEP_INTERVAL_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
