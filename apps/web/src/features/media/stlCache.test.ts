import { describe, expect, it } from 'vitest';
import { StlCache } from './stlCache';

describe('the STL cache', () => {
  it('keeps the last five lots and loads each once', async () => {
    const cache = new StlCache<string>(5);
    let loads = 0;
    const load = (lot: string) => () => {
      loads += 1;
      return Promise.resolve(`model ${lot}`);
    };
    for (const lot of ['A', 'B', 'C', 'D', 'E']) {
      await cache.get(lot, load(lot));
    }
    // A is used again, so B is now the least recently used and leaves when F comes.
    await expect(cache.get('A', load('A'))).resolves.toBe('model A');
    await cache.get('F', load('F'));
    expect(cache.lots()).toEqual(['C', 'D', 'E', 'A', 'F']);
    expect(loads).toBe(6);
  });

  it('forgets a failed load so the next view tries again', async () => {
    const cache = new StlCache<string>(5);
    await expect(cache.get('A', () => Promise.reject(new Error('offline')))).rejects.toThrow('offline');
    await expect(cache.get('A', () => Promise.resolve('model A'))).resolves.toBe('model A');
  });
});
