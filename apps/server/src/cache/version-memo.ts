import type { DataVersions } from '../db/data-versions';

/** Remembers a read per key while the data versions it depends on stay the same. */
export type VersionMemo = <T>(
  key: string,
  stampOf: (versions: DataVersions) => string,
  read: () => Promise<T>,
) => Promise<T>;

/**
 * Reads kept per key and stamp (docs/performance.md, fit counts and homes): the stamp is made from
 * the data versions (and whatever else the read depends on, such as the day), read before the
 * value, so data written meanwhile is at worst newer than its stamp says and is read again next
 * time. Concurrent misses share one read; a failed read is not kept, so the next caller asks again.
 * The oldest key goes first when more than `maxKeys` are kept.
 */
export function createVersionMemo(readVersions: () => Promise<DataVersions>, maxKeys = 1000): VersionMemo {
  const kept = new Map<string, { stamp: string; value: Promise<unknown> }>();
  return async <T>(key: string, stampOf: (versions: DataVersions) => string, read: () => Promise<T>) => {
    const stamp = stampOf(await readVersions());
    const found = kept.get(key);
    if (found?.stamp === stamp) {
      return found.value as Promise<T>;
    }
    const value = read();
    kept.delete(key);
    kept.set(key, { stamp, value });
    if (kept.size > maxKeys) {
      kept.delete(kept.keys().next().value as string);
    }
    value.catch(() => {
      if (kept.get(key)?.value === value) {
        kept.delete(key);
      }
    });
    return value;
  };
}
