import { readFileSync } from 'node:fs';
import path from 'node:path';
import { filesDir } from '../app';
import type { Config } from '../config/config';
import { StartupError, ensureWritableDataDir } from '../startup/startup';
import { MARKER_FILE, readFolderMarker } from '../storage/folder-marker';
import { BACKUP_FILES, MANIFEST_FILE, copyStoredFiles, keysIn, type BackupManifest } from './backup-files';
import { POSTGRES_DUMP_FILE, SQLITE_BACKUP_FILE } from './backup';
import { checkRestorable, putSqliteBack } from './restore-sqlite';

function readManifest(dir: string): BackupManifest {
  try {
    return JSON.parse(readFileSync(path.join(dir, MANIFEST_FILE), 'utf8')) as BackupManifest;
  } catch (error) {
    throw new StartupError(
      `"${dir}" is not a folder written by graftmatch backup (${MANIFEST_FILE}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}).`,
    );
  }
}

/**
 * Puts a backup folder back (docs/operations.md, "Backup and restore"): first its files into
 * `DATA_DIR/files` with the folder's marker (files already there stay: no stored file is ever
 * deleted; with FILE_STORE=s3 it only says how to copy them), then the SQLite database; on
 * PostgreSQL it says how to run pg_restore.
 */
export function restoreFolder(config: Config, dir: string, now = new Date()): string[] {
  const manifest = readManifest(dir);
  const engine = config.databaseUrl ? 'postgres' : 'sqlite';
  if (manifest.engine !== engine) {
    throw new StartupError(
      `"${dir}" is a backup of a ${manifest.engine} installation, but this one uses ${engine}; restore it where DATABASE_URL is ${manifest.engine === 'postgres' ? 'set' : 'unset'}.`,
    );
  }
  const database = engine === 'sqlite' ? path.join(dir, SQLITE_BACKUP_FILE) : null;
  // A new installation's DATA_DIR may not exist yet; on S3 no files folder creates it on the way.
  ensureWritableDataDir(config.dataDir);
  checkRestorable(config.dataDir, database);
  const source = path.join(dir, BACKUP_FILES);
  const lines: string[] = [];
  if (config.fileStore.kind === 'disk') {
    const target = filesDir(config);
    const files = copyStoredFiles(source, target, keysIn(source), readFolderMarker(source));
    lines.push(`put ${files.copied} files back into ${target}`);
  } else if (manifest.files > 0) {
    // A disk installation's backup: its files are objects' keys, but uploading them is the bucket owner's step.
    lines.push(
      `the backup's ${manifest.files} files were not put back: FILE_STORE=s3; copy them into the bucket with: aws s3 sync "${source}" "s3://${config.fileStore.bucket}" --exclude "${MARKER_FILE}"`,
    );
  }
  if (database) {
    lines.push(...putSqliteBack(config.dataDir, database, now));
    lines.push('start the server; migrations bring an older copy up to date.');
  } else {
    lines.push(
      `now restore the database, with every instance stopped: pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" "${path.join(dir, POSTGRES_DUMP_FILE)}"`,
    );
  }
  return lines;
}
