import { mkdir, open, readdir, rename, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import {
  StorageNotFoundError,
  checkedKey,
  refusedKey,
  type ByteRange,
  type FileStorage,
  type StoredObject,
} from './storage';
import { MARKER_FILE } from './folder-marker';
import { errorCode, removeStaleEntries, stageFile, storageFailure as failure } from './staging';

/** Temporary files live beside the objects (same file system, so the commit is an atomic rename). */
const TEMP_DIR = '.tmp';
/** Names at the folder's top that are no objects' keys. */
const RESERVED = new Set([TEMP_DIR, MARKER_FILE]);

/** Files under one folder (`<dataDir>/files/` by default): `<root>/<key>`. */
export function createLocalDiskStorage(root: string): FileStorage {
  const tempRoot = path.join(root, TEMP_DIR);

  function pathOf(key: string): string {
    if (RESERVED.has(checkedKey(key).split('/')[0] ?? '')) {
      throw refusedKey(key);
    }
    const full = path.resolve(root, key);
    // Keys are checked above; this guard keeps any future key format from leaving the folder.
    if (!full.startsWith(path.resolve(root) + path.sep)) {
      throw refusedKey(key);
    }
    return full;
  }

  /** Moves a staged file into place under `key`. */
  async function store(key: string, localPath: string): Promise<StoredObject> {
    const target = pathOf(key);
    try {
      await mkdir(path.dirname(target), { recursive: true });
      // fsync before rename: after a crash the object is whole or absent, never half.
      const handle = await open(localPath, 'r+');
      await handle.sync().finally(() => handle.close());
      await rename(localPath, target);
      const info = await stat(target);
      return { key, size: info.size, modifiedAt: info.mtime };
    } catch (error) {
      throw failure('store', key, error);
    }
  }

  const stage = (source: Readable, maxBytes = Number.POSITIVE_INFINITY) => stageFile(tempRoot, source, maxBytes, store);

  async function* walk(folder: string, prefix: string): AsyncGenerator<StoredObject> {
    let entries;
    try {
      entries = await readdir(folder, { withFileTypes: true });
    } catch (error) {
      if (errorCode(error) === 'ENOENT') {
        return;
      }
      throw failure('list', folder, error);
    }
    for (const entry of entries) {
      const key = prefix ? `${prefix}/${entry.name}` : entry.name;
      if (RESERVED.has(key)) {
        continue;
      }
      if (entry.isDirectory()) {
        yield* walk(path.join(folder, entry.name), key);
      } else if (entry.isFile()) {
        const info = await stat(path.join(folder, entry.name)).catch(() => null);
        if (info) {
          yield { key, size: info.size, modifiedAt: info.mtime };
        }
      }
    }
  }

  return {
    stage,

    async put(key, source) {
      pathOf(key);
      const staged = await stage(Buffer.isBuffer(source) ? Readable.from([source]) : source);
      return staged.commit(key);
    },

    async stream(key, range?: ByteRange) {
      const file = pathOf(key);
      try {
        // Opened before answering, so a missing file is an error here and not mid-stream.
        const handle = await open(file, 'r');
        return handle.createReadStream(range ?? {});
      } catch (error) {
        if (errorCode(error) === 'ENOENT') {
          throw new StorageNotFoundError(`No stored file ${key}.`);
        }
        throw failure('read', key, error);
      }
    },

    async stat(key) {
      try {
        const info = await stat(pathOf(key));
        return info.isFile() ? { key, size: info.size, modifiedAt: info.mtime } : null;
      } catch (error) {
        if (errorCode(error) === 'ENOENT') {
          return null;
        }
        throw failure('read', key, error);
      }
    },

    async delete(key) {
      try {
        await unlink(pathOf(key));
      } catch (error) {
        if (errorCode(error) !== 'ENOENT') {
          throw failure('delete', key, error);
        }
      }
    },

    list: () => walk(root, ''),

    removeStaleTemporaries: (olderThan) => removeStaleEntries(tempRoot, TEMP_DIR, olderThan),
  };
}
