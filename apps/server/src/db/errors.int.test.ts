import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testEngineName, type TestDatabase } from '../../test/support/database';
import { databaseFailure, describeDatabaseError } from './errors';

const at = '2026-11-23T09:00:00.000Z';

describe(`database failures: the client's input, or storage that cannot serve (${testEngineName()})`, () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase();
  });
  afterAll(async () => {
    await test?.cleanup();
  });

  async function failureOf(work: () => Promise<unknown>): Promise<unknown> {
    try {
      await work();
    } catch (error) {
      return error;
    }
    throw new Error('expected the statement to fail');
  }

  it('names a value the database cannot hold as input, and a full disk or lost server as unavailable', async () => {
    const impossible = await failureOf(() =>
      test.database.engine === 'postgres'
        ? sql`select ${'2027-02-30'}::date`.execute(test.database.db)
        : sql`select zeroblob(2000000000)`.execute(test.database.db),
    );
    expect(databaseFailure(impossible)).toBe('input');
    expect(databaseFailure(Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' }))).toBe(
      'unavailable',
    );
    expect(databaseFailure(Object.assign(new Error('disk I/O error'), { code: 'SQLITE_IOERR_WRITE' }))).toBe(
      'unavailable',
    );
    expect(databaseFailure(Object.assign(new Error('terminating connection'), { code: '57P01' }))).toBe('unavailable');
    expect(databaseFailure(new Error('Connection terminated unexpectedly'))).toBe('unavailable');
    expect(databaseFailure(new Error('boom'))).toBeUndefined();
    expect(describeDatabaseError(Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' }))).toBe(
      'SQLITE_FULL: database or disk is full',
    );
  });

  it('keeps the real cause when a failed statement ended the transaction itself', async () => {
    const failure = await failureOf(() =>
      test.database.db.transaction().execute(async (trx) => {
        await trx.insertInto('clinics').values({ id: 'c-1', cName: 'Nord', createdAt: at, updatedAt: at }).execute();
        // SQLite ends the transaction by itself on SQLITE_FULL or an I/O error; the same here by
        // hand. Kysely's own ROLLBACK must not then replace the cause with "no transaction is active".
        if (test.database.engine === 'sqlite') {
          await sql`rollback`.execute(trx);
        }
        throw new Error('the real cause');
      }),
    );
    expect((failure as Error).message).toBe('the real cause');
    const stored = await test.database.db.selectFrom('clinics').select('id').where('id', '=', 'c-1').execute();
    expect(stored).toEqual([]);
  });

  it.runIf(testEngineName() === 'sqlite')(
    'runs SQLite with synchronous=FULL: an answered commit survives power loss',
    async () => {
      const { rows } = await sql<{ synchronous: number }>`pragma synchronous`.execute(test.database.db);
      expect(rows[0]?.synchronous).toBe(2);
    },
  );
});
