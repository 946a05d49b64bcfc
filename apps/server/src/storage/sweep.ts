import type { FastifyBaseLogger } from 'fastify';
import type { FileStorage } from './storage';

/** What the sweep needs from the database: the keys rows point at. */
export interface StoredKeyIndex {
  /** Every storage key a row refers to (graft files and their derived objects' owners). */
  referencedKeys(): Promise<Set<string>>;
  /** Derived objects (e.g. thumbnails) belong to the key they were made from, or to none. */
  ownerOf(key: string): string | null;
}

export interface SweepResult {
  /** Temporary files of interrupted uploads, removed. */
  temporaries: string[];
  /** Keys rows name whose object is not in the store: an alarm, never a reason to drop the row. */
  missing: string[];
  /** Objects no row names (a crash between an object's commit and its row): kept, only counted. */
  unreferenced: string[];
}

const SAMPLE = 20;

/**
 * The sweep's rules (docs/operations.md, "Files folder"): it removes only temporary files older
 * than `graceMs` (uploads in flight, here or on an instance sharing the folder, are younger). It
 * deletes no row and no object: a row whose object is missing is logged at error level and
 * counted, since the folder may be the wrong one or not shared; an object without a row may
 * belong to a row this database does not hold (another instance's, a restored backup's).
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
  const unreferenced: string[] = [];
  for await (const object of storage.list()) {
    present.add(object.key);
    if (!referenced.has(index.ownerOf(object.key) ?? object.key)) {
      unreferenced.push(object.key);
    }
  }
  const missing = [...referenced].filter((key) => !present.has(key));
  if (temporaries.length > 0) {
    log.info({ temporaries }, 'file sweep removed temporary files of interrupted uploads');
  }
  if (missing.length > 0) {
    log.error(
      { missing: missing.length, referenced: referenced.size, keys: missing.slice(0, SAMPLE) },
      'file sweep: files named by file rows are missing from the files folder; their downloads answer 503. Is DATA_DIR/files (or the S3 bucket) the store every instance shares? Nothing was removed (docs/operations.md)',
    );
  }
  if (unreferenced.length > 0) {
    log.warn(
      { unreferenced: unreferenced.length, keys: unreferenced.slice(0, SAMPLE) },
      'file sweep: stored files that no file row names were kept (docs/operations.md)',
    );
  }
  return { temporaries, missing, unreferenced };
}
