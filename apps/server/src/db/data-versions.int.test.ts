import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testEngineName, type TestDatabase } from '../../test/support/database';
import { createDataVersionReader } from './data-versions';
import type { Database } from './database';

// Callers without a change token share reads of `data_versions` (PostgreSQL always; SQLite inside
// a transaction or outside WAL mode), yet none gets versions read before it arrived.

describe(`data versions: shared reads that never miss a commit (${testEngineName()})`, () => {
  let test: TestDatabase;

  beforeAll(async () => {
    test = await createTestDatabase();
  });

  afterAll(async () => {
    await test?.cleanup();
  });

  /** The database without a change token, whose reads answer only when `release` is called. */
  function heldReads() {
    const releases: (() => void)[] = [];
    let reads = 0;
    const database: Pick<Database, 'db' | 'runPrepared' | 'changeToken'> = {
      db: test.database.db,
      changeToken: undefined,
      async runPrepared(text, parameters) {
        reads += 1;
        // The statement runs now; its answer is handed over later, as a slow round trip would.
        const rows = await test.database.runPrepared(text, parameters);
        await new Promise<void>((resolve) => releases.push(resolve));
        return rows;
      },
    };
    return {
      database: database as Database,
      reads: () => reads,
      release: async () => {
        await new Promise((resolve) => setTimeout(resolve, 20));
        releases.splice(0).forEach((release) => release());
      },
    };
  }

  const bumpWaitingList = () =>
    test.database.db
      .updateTable('dataVersions')
      .set((eb) => ({ waitingList: eb('waitingList', '+', 1) }))
      .where('id', '=', 1)
      .execute();

  it('answers a caller that arrives during a read from a later read that sees its commit', async () => {
    const held = heldReads();
    const readVersions = createDataVersionReader(held.database);
    const first = readVersions();
    await new Promise((resolve) => setTimeout(resolve, 20));
    await bumpWaitingList();
    const second = readVersions();
    const third = readVersions();
    await held.release();
    const before = await first;
    await held.release();
    const [afterA, afterB] = await Promise.all([second, third]);
    expect(afterA.waitingList).toBe(before.waitingList + 1);
    expect(afterB).toEqual(afterA);
    // The two late callers shared one read.
    expect(held.reads()).toBe(2);
  });

  it('serves a crowd of twenty callers with two reads', async () => {
    const held = heldReads();
    const readVersions = createDataVersionReader(held.database);
    const crowd = Array.from({ length: 20 }, () => readVersions());
    await held.release();
    await held.release();
    const answers = await Promise.all(crowd);
    expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
    expect(held.reads()).toBe(2);
  });
});
