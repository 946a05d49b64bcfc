import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SQLite } from '../db/sqlite-module';
import type { Command } from 'commander';
import { filesDir } from '../app';
import type { Config } from '../config/config';
import type { Database } from '../db/database';
import { recordedMarker } from '../modules/files/files-folder.repository';
import { allStorageKeys } from '../modules/files/files.repository';
import { readFolderMarker } from '../storage/folder-marker';
import { BACKUP_FILES, MANIFEST_FILE, copyStoredFiles, missingNote, type BackupManifest } from './backup-files';
import { runWithDatabase } from './run-with-database';

export const SQLITE_BACKUP_FILE = 'graftmatch.db';
export const POSTGRES_DUMP_FILE = 'graftmatch.dump';

/** The storage keys and the folder marker a SQLite copy records: what its rows name at its moment. */
function namedBySnapshot(file: string): { keys: string[]; marker: string | null } {
  const copy = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const keys = copy.prepare('select storage_key from graft_files').pluck().all() as string[];
    const marker = copy.prepare('select marker from files_folder where id = 1').pluck().get() as string | undefined;
    return { keys, marker: marker ?? null };
  } finally {
    copy.close();
  }
}

/**
 * Writes `target`: the database (SQLite: one consistent snapshot; PostgreSQL: the pg_dump command
 * to run) and the files the backed-up rows name. It is built beside its place and lands by rename,
 * so a failed backup never leaves half a folder under its name (docs/operations.md).
 */
export async function backupInto(database: Database, config: Config, target: string): Promise<string[]> {
  if (existsSync(target) && (!statSync(target).isDirectory() || readdirSync(target).length > 0)) {
    throw new Error(
      `"${target}" exists and is not an empty folder; backup writes a new folder (the database and the files), so name one that does not exist yet.`,
    );
  }
  const partial = `${target}.partial`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(partial, { recursive: true });
  const lines: string[] = [];
  let named: { keys: Iterable<string>; marker: string | null };
  if (database.engine === 'sqlite') {
    await database.backup(path.join(partial, SQLITE_BACKUP_FILE));
    named = namedBySnapshot(path.join(partial, SQLITE_BACKUP_FILE));
    lines.push(
      `database copied to ${path.join(target, SQLITE_BACKUP_FILE)} (one consistent snapshot; writes may go on)`,
    );
  } else {
    named = { keys: await allStorageKeys(database.db), marker: (await recordedMarker(database.db)) ?? null };
  }
  // Objects in an S3 bucket are not copied: the bucket's own versioning or replication keeps them.
  const files =
    config.fileStore.kind === 'disk'
      ? copyStoredFiles(
          filesDir(config),
          path.join(partial, BACKUP_FILES),
          named.keys,
          named.marker ?? readFolderMarker(filesDir(config)),
        )
      : { copied: 0, missing: [] };
  const manifest: BackupManifest = {
    engine: database.engine,
    createdAt: new Date().toISOString(),
    files: files.copied,
    missing: files.missing.length,
  };
  writeFileSync(path.join(partial, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
  rmSync(target, { recursive: true, force: true });
  renameSync(partial, target);
  if (config.fileStore.kind === 's3') {
    lines.push(
      `the graft files stay in S3 bucket "${config.fileStore.bucket}" and are not in this backup; the bucket's versioning or replication backs them up (docs/operations.md)`,
    );
  } else {
    lines.push(`${files.copied} files copied to ${path.join(target, BACKUP_FILES)} (those the backed-up rows name)`);
  }
  const note = missingNote(files.missing);
  if (note) {
    lines.push(note);
  }
  if (database.engine === 'postgres') {
    lines.push(
      `now back up the database into the same folder: pg_dump --format=custom --file="${path.join(target, POSTGRES_DUMP_FILE)}" "$DATABASE_URL"`,
    );
  }
  return lines;
}

export function registerBackupCommand(program: Command) {
  program
    .command('backup')
    .description(
      'Write the database and the files its rows name into a new folder DIR while the server may keep running (PostgreSQL: the files, and the pg_dump command for the database).',
    )
    .argument('<dir>', 'a folder that does not exist yet (or is empty)')
    .action((dir: string) =>
      runWithDatabase(async (database, config) => {
        for (const line of await backupInto(database, config, path.resolve(dir))) {
          console.log(`graftmatch: ${line}`);
        }
      }),
    );
}
