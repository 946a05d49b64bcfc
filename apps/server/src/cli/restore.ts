import { copyFileSync, existsSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import type { Command } from 'commander';
import { loadConfig } from '../config';
import { exitOnStartupError, StartupError } from '../startup';
import { serverUsing } from './data-dir-lock';

export const POSTGRES_BACKUP_ADVICE =
  'on PostgreSQL, back up with `pg_dump --format=custom --file=graftmatch.dump "$DATABASE_URL"` and restore into a stopped installation with `pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" graftmatch.dump` (docs/operations.md)';

/** Refuses a copy that is not a whole, consistent GraftMatch database. */
function checkBackup(file: string): void {
  let copy: SQLite.Database;
  try {
    copy = new SQLite(file, { readonly: true, fileMustExist: true });
  } catch (error) {
    throw new StartupError(
      `cannot open "${file}" as a database (${(error as Error).message}); name a file written by graftmatch backup.`,
    );
  }
  try {
    const result = copy.pragma('integrity_check', { simple: true });
    if (result !== 'ok') {
      throw new StartupError(`"${file}" fails the integrity check (${String(result)}); restore an older backup.`);
    }
    const tables = copy.prepare("select name from sqlite_master where type = 'table' and name = 'users'").all();
    if (tables.length === 0) {
      throw new StartupError(`"${file}" is not a GraftMatch database (it has no users table).`);
    }
  } catch (error) {
    if (error instanceof StartupError) {
      throw error;
    }
    throw new StartupError(
      `"${file}" is not a readable database (${(error as Error).message}); restore another backup.`,
    );
  } finally {
    copy.close();
  }
}

/**
 * Replaces `DATA_DIR/graftmatch.db` with a backup. The old database moves aside together with its
 * `-wal` and `-shm` files, so no stale log is ever replayed onto the restored copy; the copy is
 * written next to its place first and lands by rename (docs/operations.md).
 */
export function restoreSqlite(dataDir: string, backup: string, now = new Date()): string[] {
  const pid = serverUsing(dataDir);
  if (pid !== null) {
    throw new StartupError(`a server (process ${pid}) is using DATA_DIR "${dataDir}"; stop it first, then restore.`);
  }
  if (!existsSync(backup)) {
    throw new StartupError(`no backup file "${backup}".`);
  }
  checkBackup(backup);
  const target = path.join(dataDir, 'graftmatch.db');
  const incoming = `${target}.restoring`;
  copyFileSync(backup, incoming);
  const done: string[] = [];
  const aside = `${target}.before-restore-${now.toISOString().replace(/[:.]/g, '-')}`;
  for (const suffix of ['', '-wal', '-shm']) {
    if (existsSync(target + suffix)) {
      renameSync(target + suffix, aside + suffix);
      done.push(`moved ${target + suffix} to ${aside + suffix}`);
    }
  }
  renameSync(incoming, target);
  rmSync(incoming, { force: true });
  done.push(`restored ${target} from ${backup} (integrity check ok)`);
  return done;
}

export function registerRestoreCommand(program: Command) {
  program
    .command('restore')
    .description('Replace the embedded SQLite database with a backup FILE; the server must be stopped.')
    .argument('<file>', 'a copy written by graftmatch backup')
    .action((file: string) => {
      try {
        const config = loadConfig();
        if (config.databaseUrl) {
          console.error(`graftmatch: restore replaces the embedded SQLite database only; ${POSTGRES_BACKUP_ADVICE}.`);
          process.exitCode = 1;
          return;
        }
        for (const line of restoreSqlite(config.dataDir, path.resolve(file))) {
          console.log(`graftmatch: ${line}`);
        }
        console.log('graftmatch: start the server; migrations bring an older copy up to date.');
      } catch (error) {
        exitOnStartupError(error);
      }
    });
}
