import type { FastifyBaseLogger } from 'fastify';
import type { FileStorage } from './storage';

/** What the sweep needs from the database: the keys rows point at, and a way to drop rows. */
export interface StoredKeyIndex {
  /** Every storage key a row refers to (graft files and their derived objects' owners). */
  referencedKeys(): Promise<Set<string>>;
  /** Rows whose object is gone; the sweep removes them. Answers the keys it removed. */
  forgetKeys(keys: readonly string[]): Promise<void>;
  /** Derived objects (e.g. thumbnails) belong to the key they were made from, or to none. */
  ownerOf(key: string): string | null;
}

export interface SweepResult {
  temporaries: string[];
  orphanObjects: string[];
  orphanRows: string[];
}

/**
 * Makes rows and stored objects agree again after a crash (docs/decisions.md, "Files"):
 * temporary files of interrupted uploads, objects without a row (a crash between rename and
 * insert) and rows without an object (damage outside the app). Only objects and temporaries
 * older than `graceMs` go, so uploads in flight in this process are never touched. When every
 * row's object is missing, the folder is more likely the wrong one than the files all lost:
 * then no row is removed and the log says so.
 */
export async function sweepStorage(
  storage: FileStorage,
  index: StoredKeyIndex,
  log: FastifyBaseLogger,
  options: { now: Date; graceMs: number },
): Promise<SweepResult> {
  const before = new Date(options.now.getTime() - options.graceMs);
  const temporaries = await storage.removeStaleTemporaries(before);
  const referenced = await index.referencedKeys();
  const present = new Set<string>();
  const orphanObjects: string[] = [];
  for await (const object of storage.list()) {
    present.add(object.key);
    const owner = index.ownerOf(object.key);
    if (!referenced.has(owner ?? object.key) && object.modifiedAt < before) {
      await storage.delete(object.key);
      orphanObjects.push(object.key);
    }
  }
  let orphanRows = [...referenced].filter((key) => !present.has(key));
  if (orphanRows.length > 1 && orphanRows.length === referenced.size) {
    log.error(
      { missing: orphanRows.length },
      'file sweep: no stored file of any file row was found; is the files folder the right one? No rows were removed',
    );
    orphanRows = [];
  } else if (orphanRows.length > 0) {
    await index.forgetKeys(orphanRows);
  }
  const result = { temporaries, orphanObjects, orphanRows };
  if (temporaries.length + orphanObjects.length + orphanRows.length > 0) {
    log.warn(result, 'file sweep removed leftovers: temporary files, files without a row, rows without a file');
  }
  return result;
}
