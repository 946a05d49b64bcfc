import type { Kysely } from 'kysely';
import { loadConfig } from '../../apps/server/src/config/config';
import type { DB } from '../../apps/server/src/db/types';
import { openDatabase } from '../../apps/server/src/startup/startup';
import type { BenchEnvironment } from './server';

/** Opens (and migrates) the environment's database in this process, for seeding. */
export async function openBenchDatabase<T>(environment: BenchEnvironment, use: (db: Kysely<DB>) => Promise<T>) {
  const database = await openDatabase(loadConfig({ LOG_LEVEL: 'error', ...environment.env }));
  try {
    return await use(database.db);
  } finally {
    await database.close();
  }
}
