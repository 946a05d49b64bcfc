// Repeatable randomness and date arithmetic for the demo seed.

/** mulberry32: a tiny seeded PRNG, so the same seed gives the same demo data. */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface DemoRandom {
  /** An integer in [min, max]. */
  int(min: number, max: number): number;
  /** A millimetre value in [min, max], rounded to 0.5 mm as measured in the tissue bank. */
  mm(min: number, max: number): number;
  /** True with the given probability. */
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** A version-4-shaped UUID drawn from the PRNG, so ids repeat with the seed too. */
  uuid(): string;
}

export function demoRandom(next: () => number): DemoRandom {
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const hex = (length: number) => Array.from({ length }, () => int(0, 15).toString(16)).join('');
  return {
    int,
    mm: (min, max) => int(min * 2, max * 2) / 2,
    chance: (probability) => next() < probability,
    pick<T>(items: readonly T[]): T {
      const item = items[int(0, items.length - 1)];
      if (item === undefined) {
        throw new Error('pick from an empty list');
      }
      return item;
    },
    uuid: () => `${hex(8)}-${hex(4)}-4${hex(3)}-${'89ab'[int(0, 3)]}${hex(3)}-${hex(12)}`,
  };
}

/** The earlier of two 'yyyy-mm-dd' dates (text order is date order). */
export function earlier(a: string, b: string): string {
  return a < b ? a : b;
}

/** A timestamp on the given day, at a fixed hour so seeds repeat. */
export function timestampOn(date: string, hour = 9): string {
  return `${date}T${String(hour).padStart(2, '0')}:00:00.000Z`;
}
