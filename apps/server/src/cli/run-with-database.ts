import { loadConfig, type Config } from '../config/config';
import type { Database } from '../db/database';
import { exitOnStartupError, openDatabase } from '../startup/startup';

/** Opens the configured (migrated) database, runs one command with it, and closes it. */
export async function runWithDatabase(command: (database: Database, config: Config) => Promise<void>): Promise<void> {
  let database: Database;
  let config: Config;
  try {
    config = loadConfig();
    database = await openDatabase(config);
  } catch (error) {
    exitOnStartupError(error);
  }
  try {
    await command(database, config);
  } catch (error) {
    console.error(`graftmatch: ${(error as Error).message}`);
    process.exitCode = 1;
  } finally {
    await database.close();
  }
}
