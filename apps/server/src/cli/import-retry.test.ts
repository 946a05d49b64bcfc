import { describe, expect, test } from 'vitest';
import { retryWhileBusy } from './import-retry';

// `graftmatch import` beside a running server (docs/operations.md "Writers on SQLite").

const busy = () => Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' });

describe('the command-line import tries again while the database is busy', () => {
  test('a busy database twice, then the import goes through; each wait is said on a line', async () => {
    const said: string[] = [];
    let tries = 0;
    const result = await retryWhileBusy(
      async () => {
        tries += 1;
        if (tries <= 2) {
          throw busy();
        }
        return 'imported';
      },
      (line) => said.push(line),
      [1, 2, 4],
    );
    expect(result).toBe('imported');
    expect(tries).toBe(3);
    expect(said).toHaveLength(2);
    expect(said[0]).toMatch(/database is busy.*trying again in 0.001 s \(try 2 of 4\)/);
    expect(said[1]).toMatch(/try 3 of 4/);
  });

  test('still busy after the last wait, the busy error is the answer', async () => {
    const said: string[] = [];
    const outcome = retryWhileBusy(
      () => Promise.reject(busy()),
      (line) => said.push(line),
      [1, 1],
    );
    await expect(outcome).rejects.toMatchObject({ code: 'SQLITE_BUSY' });
    expect(said).toHaveLength(2);
  });

  test('any other failure is not tried again', async () => {
    let tries = 0;
    const outcome = retryWhileBusy(
      () => {
        tries += 1;
        return Promise.reject(Object.assign(new Error('disk full'), { code: 'SQLITE_FULL' }));
      },
      () => undefined,
      [1, 1],
    );
    await expect(outcome).rejects.toThrow('disk full');
    expect(tries).toBe(1);
  });
});
