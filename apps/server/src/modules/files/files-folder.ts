import type { Database } from '../../db/database';
import { StartupError } from '../../startup/startup';
import { createFolderMarker, readFolderMarker, writeFolderMarker } from '../../storage/folder-marker';
import type { FileStorage } from '../../storage/storage';
import * as folderRepo from './files-folder.repository';
import * as repo from './files.repository';

/** Whether the folder holds at least one of the objects `keys` name. */
async function holdsAnyOf(storage: FileStorage, keys: Set<string>): Promise<boolean> {
  for await (const object of storage.list()) {
    if (keys.has(object.key)) {
      return true;
    }
  }
  return false;
}

/**
 * Why `root` is not this database's files folder, or null once it is (marker and record agree).
 * A folder without a marker gets this database's: at the first start, after an upgrade, or when it
 * holds the rows' files (copied in by hand). It is refused while rows name files and it holds
 * none of them, or when its marker names another database's folder.
 */
async function folderProblem(database: Database, storage: FileStorage, root: string): Promise<string | null> {
  const recorded = await folderRepo.recordedMarker(database.db);
  const marker = readFolderMarker(root);
  if (recorded === undefined) {
    const held = await folderRepo.recordMarker(database.db, marker ?? createFolderMarker(root));
    return held === readFolderMarker(root) ? null : folderProblem(database, storage, root);
  }
  if (marker === recorded) {
    return null;
  }
  if (marker !== null) {
    return `the files folder "${root}" belongs to another database (its marker ${marker} is not this database's ${recorded}); every instance of one database must use the same DATA_DIR/files (docs/operations.md), or put back this database's files with graftmatch restore DIR.`;
  }
  const keys = await repo.allStorageKeys(database.db);
  if (keys.size === 0 || (await holdsAnyOf(storage, keys))) {
    writeFolderMarker(root, recorded);
    return null;
  }
  return `the files folder "${root}" holds none of the ${keys.size} files this database's rows name; several instances of one database must share DATA_DIR/files (docs/operations.md): point DATA_DIR at the shared folder, or put the files back with graftmatch restore DIR.`;
}

/**
 * Checks at start-up that `root` is the files folder of this database (docs/operations.md, "Files
 * folder"). On PostgreSQL, where several instances may run, a wrong folder stops the start; on
 * SQLite the database lives in the same DATA_DIR, so a mismatch means lost files, not a second
 * instance: the server starts, and the answer is logged as an error.
 */
export async function claimFilesFolder(database: Database, storage: FileStorage, root: string): Promise<string | null> {
  const problem = await folderProblem(database, storage, root);
  if (problem !== null && database.engine === 'postgres') {
    throw new StartupError(problem);
  }
  return problem;
}
