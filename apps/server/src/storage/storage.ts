import type { Readable } from 'node:stream';

// The file store behind graft files (docs/architecture.md, "Files"). Keys are relative paths made
// of safe segments chosen by the server (never a user's file name). Two stores implement it: local
// disk (local-disk.ts) and an S3-compatible bucket (s3.ts); storage.contract.ts tests both alike.

/** What the store knows about one stored object. */
export interface StoredObject {
  key: string;
  size: number;
  modifiedAt: Date;
}

/** An inclusive byte range, as HTTP Range counts it. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * A received stream that is not yet visible under any key: content checks read it through
 * `localPath`, then `commit` makes it visible whole at once (a rename on disk, a completed upload on
 * S3) or `discard` drops it.
 */
export interface StagedFile {
  readonly size: number;
  readonly localPath: string;
  commit(key: string): Promise<StoredObject>;
  discard(): Promise<void>;
}

export interface FileStorage {
  /** Receives `source` into a temporary file; refuses with StorageLimitError past `maxBytes`. */
  stage(source: Readable, maxBytes?: number): Promise<StagedFile>;
  /** stage + commit: the object appears whole or not at all. */
  put(key: string, source: Readable | Buffer): Promise<StoredObject>;
  /** The object's bytes (or one range of them); StorageNotFoundError when missing. */
  stream(key: string, range?: ByteRange): Promise<Readable>;
  stat(key: string): Promise<StoredObject | null>;
  /** Removes the object; a missing one is not an error. */
  delete(key: string): Promise<void>;
  /** Every committed object (temporary files excluded). */
  list(): AsyncIterable<StoredObject>;
  /** Removes temporary files last touched before `olderThan`; answers how many. */
  removeStaleTemporaries(olderThan: Date): Promise<string[]>;
}

/** The store could not be read or written; the message names the real cause (disk full, permissions, ...). */
export class StorageError extends Error {
  override name = 'StorageError';
  constructor(
    message: string,
    readonly code: string | undefined,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export class StorageNotFoundError extends Error {
  override name = 'StorageNotFoundError';
}

/** A staged stream grew past its limit; nothing of it was kept. */
export class StorageLimitError extends Error {
  override name = 'StorageLimitError';
  constructor(readonly maxBytes: number) {
    super(`The file is larger than ${maxBytes} bytes.`);
  }
}

/** Keys are `segment/segment/...` of letters, digits, `.`, `_` and `-`, never `.` or `..` alone. */
const SEGMENT = /^(?!\.{1,2}$)[A-Za-z0-9._-]{1,200}$/;

export function isValidStorageKey(key: string): boolean {
  const segments = key.split('/');
  return segments.length >= 1 && segments.length <= 8 && segments.every((segment) => SEGMENT.test(segment));
}

/** A store's refusal of a key it may not use. */
export const refusedKey = (key: string) => new StorageError(`File storage refuses the key "${key}".`, 'EINVALIDKEY');

/** The key, when it is valid (`isValidStorageKey`); refused otherwise. */
export function checkedKey(key: string): string {
  if (!isValidStorageKey(key)) {
    throw refusedKey(key);
  }
  return key;
}
