/**
 * The last few 3D models by lot (spec §4: the media state keeps STL files in a map keyed by lot),
 * so going back and forth between grafts does not fetch a model again. Least recently used first out.
 */
export class StlCache<T> {
  private readonly entries = new Map<string, Promise<T>>();

  constructor(private readonly capacity: number) {}

  /** The lot's model, loaded once; a failed load is forgotten so the next call tries again. */
  get(lot: string, load: () => Promise<T>): Promise<T> {
    const cached = this.entries.get(lot);
    if (cached) {
      this.entries.delete(lot);
      this.entries.set(lot, cached);
      return cached;
    }
    const loading = load();
    this.entries.set(lot, loading);
    loading.catch(() => {
      if (this.entries.get(lot) === loading) {
        this.entries.delete(lot);
      }
    });
    while (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
    return loading;
  }

  forget(lot: string): void {
    this.entries.delete(lot);
  }

  lots(): string[] {
    return [...this.entries.keys()];
  }
}
