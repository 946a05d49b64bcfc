import { copyFileSync, existsSync, linkSync, mkdirSync, readdirSync, renameSync, statSync } from 'node:fs';
import path from 'node:path';
import { MARKER_FILE, writeFolderMarker } from '../storage/folder-marker';
import { isValidStorageKey } from '../storage/storage';

// The files half of a backup folder (docs/operations.md, "Backup and restore"): `DIR/files/<key>`
// beside the database copy, plus the folder's marker. Stored files never change (a new upload is
// a new key), so a hard link is as good as a copy and costs no space; across file systems, a copy.

/** What `graftmatch backup` writes beside the database, so `restore` knows the folder and its engine. */
export interface BackupManifest {
  engine: 'sqlite' | 'postgres';
  createdAt: string;
  files: number;
  missing: number;
}

export const MANIFEST_FILE = 'backup.json';
export const BACKUP_FILES = 'files';

/** Links or copies `from` to `to`; the copy lands by rename, so no half file stands under its name. */
function linkOrCopy(from: string, to: string): void {
  mkdirSync(path.dirname(to), { recursive: true });
  try {
    linkSync(from, to);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST' && statSync(to).size === statSync(from).size) {
      return;
    }
    if (code !== 'EXDEV' && code !== 'EPERM' && code !== 'EEXIST') {
      throw error;
    }
    copyFileSync(from, `${to}.partial`);
    renameSync(`${to}.partial`, to);
  }
}

export interface CopiedFiles {
  copied: number;
  /** Keys named but not found in the source folder. */
  missing: string[];
}

/** Copies the objects `keys` name from one files folder to another, and the marker when given. */
export function copyStoredFiles(
  fromRoot: string,
  toRoot: string,
  keys: Iterable<string>,
  marker: string | null,
): CopiedFiles {
  const result: CopiedFiles = { copied: 0, missing: [] };
  mkdirSync(toRoot, { recursive: true });
  for (const key of keys) {
    const from = path.join(fromRoot, key);
    if (!isValidStorageKey(key) || !existsSync(from)) {
      result.missing.push(key);
      continue;
    }
    linkOrCopy(from, path.join(toRoot, key));
    result.copied++;
  }
  if (marker !== null) {
    writeFolderMarker(toRoot, marker);
  }
  return result;
}

/** Every stored file in a backup's files folder, by key (the marker aside). */
export function keysIn(root: string): string[] {
  if (!existsSync(root)) {
    return [];
  }
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .map((entry) => entry.split(path.sep).join('/'))
    .filter((key) => key !== MARKER_FILE && statSync(path.join(root, key)).isFile());
}

/** One line about files that rows name but the folder did not hold. */
export function missingNote(missing: readonly string[]): string | null {
  if (missing.length === 0) {
    return null;
  }
  const sample = missing.slice(0, 5).join(', ');
  return `warning: ${missing.length} file(s) named by file rows were not in the files folder and are not in the backup (${sample}${missing.length > 5 ? ', ...' : ''}); the server's health answer counts them as missing.`;
}
