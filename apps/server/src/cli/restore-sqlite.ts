import { copyFileSync, existsSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import { SQLite } from '../db/sqlite-module';
import { StartupError } from '../startup/startup';
import { describeHolder, serverUsing } from '../startup/data-dir-lock';

/** Refuses a copy that is not a whole, consistent GraftMatch database. */
function checkBackup(file: string): void {
  let copy: BetterSqlite3.Database;
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
  checkRestorable(dataDir, backup);
  return putSqliteBack(dataDir, backup, now);
}

/** Refuses while a server serves from `dataDir`, and a `backup` (when named) that is not a whole GraftMatch database. */
export function checkRestorable(dataDir: string, backup: string | null): void {
  const holder = serverUsing(dataDir);
  if (holder) {
    throw new StartupError(`${describeHolder(holder)} is using DATA_DIR "${dataDir}"; stop it first, then restore.`);
  }
  if (backup === null) {
    return;
  }
  if (!existsSync(backup)) {
    throw new StartupError(`no backup file "${backup}".`);
  }
  checkBackup(backup);
}

/** Puts a checked copy in place of `DATA_DIR/graftmatch.db` (see `restoreSqlite`). */
export function putSqliteBack(dataDir: string, backup: string, now: Date): string[] {
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
