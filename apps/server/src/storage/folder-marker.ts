import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

// The marker of a files folder (docs/operations.md, "Files folder"): one file at the folder's top
// holding an id the database records too. The store never lists it as an object.

export const MARKER_FILE = '.graftmatch-folder';

/** The folder's marker id, or null when it has none. */
export function readFolderMarker(root: string): string | null {
  try {
    return readFileSync(path.join(root, MARKER_FILE), 'utf8').trim() || null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      return null;
    }
    throw error;
  }
}

/** Writes `id` as the folder's marker, replacing any other. */
export function writeFolderMarker(root: string, id: string): void {
  mkdirSync(root, { recursive: true });
  writeFileSync(path.join(root, MARKER_FILE), `${id}\n`);
}

/**
 * Gives a folder without a marker a new one; when another process did so first (instances starting
 * together on a shared folder), answers theirs.
 */
export function createFolderMarker(root: string): string {
  mkdirSync(root, { recursive: true });
  const id = randomUUID();
  try {
    writeFileSync(path.join(root, MARKER_FILE), `${id}\n`, { flag: 'wx' });
    return id;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') {
      return readFolderMarker(root) ?? id;
    }
    throw error;
  }
}
