import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { StorageError, StorageLimitError, StorageNotFoundError, type StagedFile, type StoredObject } from './storage';

// The temporary files both stores receive uploads into: content checks read them from disk before
// the store commits them (a rename on disk, an upload to S3).

export function errorCode(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | undefined)?.code;
}

/** Passes limit and not-found errors on; wraps anything else with what the store tried to do. */
export function storageFailure(action: string, target: string, error: unknown): Error {
  return error instanceof StorageLimitError || error instanceof StorageNotFoundError
    ? error
    : new StorageError(`File storage cannot ${action} ${target}: ${(error as Error).message}`, errorCode(error), {
        cause: error,
      });
}

/** Counts bytes and stops the stream once it passes `maxBytes`. */
function byteLimit(maxBytes: number): Transform & { bytes: number } {
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      counter.bytes += chunk.length;
      done(counter.bytes > maxBytes ? new StorageLimitError(maxBytes) : null, chunk);
    },
  }) as Transform & { bytes: number };
  counter.bytes = 0;
  return counter;
}

/** Receives `source` into a new file in `folder`; nothing of it stays when it fails or passes `maxBytes`. */
export async function receiveIntoTemporary(
  source: Readable,
  folder: string,
  maxBytes: number,
): Promise<{ localPath: string; size: number }> {
  const localPath = path.join(folder, `${randomUUID()}.part`);
  const limit = byteLimit(maxBytes);
  try {
    await mkdir(folder, { recursive: true });
    await pipeline(source, limit, createWriteStream(localPath, { flags: 'wx' }));
  } catch (error) {
    await rm(localPath, { force: true });
    source.resume();
    throw storageFailure('write a temporary file in', folder, error);
  }
  return { localPath, size: limit.bytes };
}

/**
 * Receives `source` into a temporary file in `folder` and answers it staged: `commit` hands the file
 * to `store` under a key, `discard` removes it, and the first of the two settles it. The temporary
 * file never outlives a commit, whether the store took it or not.
 */
export async function stageFile(
  folder: string,
  source: Readable,
  maxBytes: number,
  store: (key: string, localPath: string, size: number) => Promise<StoredObject>,
): Promise<StagedFile> {
  const { localPath, size } = await receiveIntoTemporary(source, folder, maxBytes);
  let settled = false;
  return {
    size,
    localPath,
    async commit(key) {
      settled = true;
      try {
        return await store(key, localPath, size);
      } finally {
        await rm(localPath, { force: true });
      }
    },
    async discard() {
      if (!settled) {
        settled = true;
        await rm(localPath, { force: true });
      }
    },
  };
}

/** Removes the entries of `folder` last touched before `olderThan`; answers them as `<label>/<name>`. */
export async function removeStaleEntries(folder: string, label: string, olderThan: Date): Promise<string[]> {
  const removed: string[] = [];
  let names: string[];
  try {
    names = await readdir(folder);
  } catch (error) {
    if (errorCode(error) === 'ENOENT') {
      return removed;
    }
    throw storageFailure('list', folder, error);
  }
  for (const name of names) {
    const file = path.join(folder, name);
    const info = await stat(file).catch(() => null);
    if (info && info.mtime < olderThan) {
      await rm(file, { force: true, recursive: true });
      removed.push(`${label}/${name}`);
    }
  }
  return removed;
}
