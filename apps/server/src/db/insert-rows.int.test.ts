import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testEngineName, type TestDatabase } from '../../test/support/database';
import { isUniqueViolation } from './dialect';
import { insertRows } from './insert-rows';

const at = '2026-12-04T09:00:00.000Z';
const bank = (id: string, extra: { city?: string | null } = {}) => ({
  id,
  name: `Bank ${id}`,
  createdAt: at,
  updatedAt: at,
  ...extra,
});

// Bulk inserts reuse the statement text of a full chunk (docs/performance.md "Imports"): every row
// lands with its own values, rows of other columns and the short last chunk go through Kysely, and
// a refused row rolls back its transaction as any insert would.
describe(`insertRows on ${testEngineName()}`, () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase();
  });
  afterAll(async () => {
    await test?.cleanup();
  });
  const stored = () => test.database.db.selectFrom('eutes').select(['id', 'name', 'city']).orderBy('id').execute();

  it('writes every row with its own values, chunk after chunk, whatever columns a row sets', async () => {
    const rows = [
      ...Array.from({ length: 7 }, (_, index) => bank(`a-${index}`, { city: `Stadt ${index}` })),
      // Same columns, one value null: the reused text takes it as any other.
      bank('b-0', { city: null }),
      // Fewer columns than the first row: Kysely builds this chunk itself.
      bank('b-1'),
    ];
    await insertRows(test.database.db, 'eutes', rows, 3);
    await insertRows(test.database.db, 'eutes', [bank('c-0', { city: 'Kiel' })], 3);
    expect(await stored()).toEqual([
      ...Array.from({ length: 7 }, (_, index) => ({
        id: `a-${index}`,
        name: `Bank a-${index}`,
        city: `Stadt ${index}`,
      })),
      { id: 'b-0', name: 'Bank b-0', city: null },
      { id: 'b-1', name: 'Bank b-1', city: null },
      { id: 'c-0', name: 'Bank c-0', city: 'Kiel' },
    ]);
  });

  it('a refused row in a later chunk rolls back the whole transaction', async () => {
    const before = await stored();
    const rows = [
      bank('d-0'),
      bank('d-1'),
      bank('d-2'),
      bank('d-3'),
      { ...bank('d-4'), name: 'Bank a-0' },
      bank('d-5'),
    ];
    const failure = await test.database.db
      .transaction()
      .execute((trx) => insertRows(trx, 'eutes', rows, 3))
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(isUniqueViolation(failure)).toBe(true);
    expect(await stored()).toEqual(before);
  });
});
