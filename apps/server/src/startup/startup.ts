import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, type Config } from '../config/config';
import { createDatabase, type Database } from '../db/database';
import { migrateToLatest } from '../db/migrate';

/** A start-up failure whose message is one line saying what is wrong and what to do. */
export class StartupError extends Error {
  override name = 'StartupError';
}

export function ensureWritableDataDir(dataDir: string): void {
  try {
    mkdirSync(dataDir, { recursive: true });
    const probe = path.join(dataDir, `.write-probe-${process.pid}`);
    writeFileSync(probe, '');
    rmSync(probe);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    throw new StartupError(
      `DATA_DIR "${dataDir}" is not a writable folder (${code}); set DATA_DIR to a folder this user can write, e.g. DATA_DIR=./data.`,
    );
  }
}

function describeConnectionError(error: unknown, url: string): string {
  const { hostname, port, pathname } = new URL(url);
  const where = `${hostname}:${port || 5432}${pathname}`;
  const err = error as { code?: string; message?: string };
  const reason = err.code ? `${err.code}: ${err.message ?? ''}`.trim() : (err.message ?? String(error));
  return `cannot connect to PostgreSQL at ${where} (${reason}); check DATABASE_URL and that PostgreSQL is running and accepts this user.`;
}

/** Opens the configured database, checks that it answers, and brings its schema up to date. */
export async function openDatabase(config: Config): Promise<Database> {
  ensureWritableDataDir(config.dataDir);
  const database = config.databaseUrl
    ? createDatabase({ engine: 'postgres', url: config.databaseUrl })
    : createDatabase({
        engine: 'sqlite',
        file: path.join(config.dataDir, 'graftmatch.db'),
        writeWaitMs: config.sqliteWriteWaitSeconds * 1000,
      });
  try {
    await database.ping();
  } catch (error) {
    await database.close().catch(() => undefined);
    throw new StartupError(config.databaseUrl ? describeConnectionError(error, config.databaseUrl) : String(error));
  }
  try {
    await migrateToLatest(database.db);
  } catch (error) {
    await database.close().catch(() => undefined);
    throw new StartupError(`the database schema could not be brought up to date: ${(error as Error).message}`);
  }
  return database;
}

/** Prints a start-up failure as one line and ends the process; anything else keeps its stack. */
export function exitOnStartupError(error: unknown): never {
  if (error instanceof StartupError || error instanceof ConfigError) {
    console.error(`graftmatch: ${error.message}`);
  } else {
    console.error('graftmatch: unexpected failure', error);
  }
  process.exit(1);
}
