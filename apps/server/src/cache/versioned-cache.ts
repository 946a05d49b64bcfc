/**
 * Answers kept while a data version stays the same (docs/performance.md). The version comes from
 * the database (`data_versions`, bumped by triggers on every relevant write), read before the
 * answer is computed; a newer version empties the cache, and an answer computed under an older
 * version than the cache holds is not kept. Versions only grow, so nothing outlives a change.
 */
export class VersionedCache<V> {
  #version = -1;
  #entries = new Map<string, V>();
  #size = 0;

  constructor(private readonly limits: { maxEntries: number; maxSize?: number; sizeOf?: (value: V) => number }) {}

  get(key: string, version: number): V | undefined {
    if (version !== this.#version) {
      this.#advance(version);
      return undefined;
    }
    return this.#entries.get(key);
  }

  set(key: string, version: number, value: V): void {
    this.#advance(version);
    if (version !== this.#version || this.#entries.has(key)) {
      return;
    }
    const size = this.limits.sizeOf?.(value) ?? 0;
    this.#entries.set(key, value);
    this.#size += size;
    // Oldest first out: Map keeps insertion order.
    for (const [oldest, kept] of this.#entries) {
      if (this.#entries.size <= this.limits.maxEntries && this.#size <= (this.limits.maxSize ?? Infinity)) {
        break;
      }
      this.#entries.delete(oldest);
      this.#size -= this.limits.sizeOf?.(kept) ?? 0;
    }
  }

  #advance(version: number): void {
    if (version > this.#version) {
      this.#version = version;
      this.#entries.clear();
      this.#size = 0;
    }
  }
}
