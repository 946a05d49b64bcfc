import { randomUUID } from 'node:crypto';
import { MAX_SEARCH_PAGE_SIZE, shiftDate, type GraftSearchQuery } from '@graftmatch/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import type { NewGraftRow } from '../../db/types';
import { graftRow, today } from '../../../test/support/clinical';
import { createTestDatabase, testEngineName, type TestDatabase } from '../../../test/support/database';
import { createGraftSearches, type GraftSearches } from './grafts.repository';

// The search statement itself, without the service that re-sorts its rows: which grafts the SQL
// picks for a page when more fit is decided by its ORDER BY alone (docs/api.md, "Search").

const QUERY: GraftSearchQuery = {
  query_type: 5,
  query_d_min: 18,
  query_d_max: 22,
  query_l_min: 10,
  query_l_l_min: 0,
  query_l_r_min: 0,
};

describe(`the graft search statement (${testEngineName()})`, () => {
  let testDb: TestDatabase;
  let searches: GraftSearches;
  let euteId: string;

  beforeAll(async () => {
    testDb = await createTestDatabase();
    searches = createGraftSearches(testDb.database);
    euteId = randomUUID();
    const at = new Date().toISOString();
    await testDb.database.db
      .insertInto('eutes')
      .values({ id: euteId, name: 'Repository bank', createdAt: at, updatedAt: at })
      .execute();
  });

  afterAll(async () => {
    await testDb?.cleanup();
  });

  beforeEach(async () => {
    await testDb.database.db.deleteFrom('grafts').execute();
  });

  const insert = async (rows: NewGraftRow[]) => {
    for (let start = 0; start < rows.length; start += 100) {
      await testDb.database.db
        .insertInto('grafts')
        .values(rows.slice(start, start + 100))
        .execute();
    }
  };
  const lotsOf = (rows: { eLot: string }[]) => rows.map((row) => row.eLot).sort();
  const inDays = (days: number) => shiftDate(today(), days);

  test('closest to the middle of the range wins, then the earliest expiry, and a graft of unknown expiry comes last', async () => {
    await insert([
      graftRow(euteId, { eLot: 'FAR', tDproximal: 18, expiryDate: inDays(10) }),
      graftRow(euteId, { eLot: 'MIDDLE-UNKNOWN', tDproximal: 20, expiryDate: null, expiryOut: null }),
      graftRow(euteId, { eLot: 'MIDDLE-LATE', tDproximal: 20, expiryDate: inDays(400) }),
      graftRow(euteId, { eLot: 'MIDDLE-SOON', tDproximal: 20, expiryDate: inDays(30) }),
      graftRow(euteId, { eLot: 'NEAR', tDproximal: 21, expiryDate: inDays(5) }),
    ]);
    const pick = async (limit: number) =>
      lotsOf((await searches.freeGrafts(QUERY, today(), { limit, offset: 0 })).items);
    expect(await pick(1)).toEqual(['MIDDLE-SOON']);
    expect(await pick(2)).toEqual(['MIDDLE-LATE', 'MIDDLE-SOON']);
    // Of the three in the middle, the one whose expiry nobody knows is picked last.
    expect(await pick(3)).toEqual(['MIDDLE-LATE', 'MIDDLE-SOON', 'MIDDLE-UNKNOWN']);
    expect(await pick(4)).toEqual(['MIDDLE-LATE', 'MIDDLE-SOON', 'MIDDLE-UNKNOWN', 'NEAR']);
    expect(await pick(5)).toHaveLength(5);
  });

  test('equal in size and expiry, the lot decides, so the same search always picks the same grafts', async () => {
    await insert(['LOT-C', 'LOT-A', 'LOT-B'].map((eLot) => graftRow(euteId, { eLot, expiryDate: inDays(60) })));
    expect(lotsOf((await searches.freeGrafts(QUERY, today(), { limit: 2, offset: 0 })).items)).toEqual([
      'LOT-A',
      'LOT-B',
    ]);
  });

  test(`more fitting grafts than a page: the first ${MAX_SEARCH_PAGE_SIZE} are the best ones, the rest follow, and each page counts all`, async () => {
    const best = Array.from({ length: MAX_SEARCH_PAGE_SIZE }, (_, n) =>
      graftRow(euteId, { eLot: `BEST-${String(n).padStart(3, '0')}`, tDproximal: 20, expiryDate: inDays(30 + n) }),
    );
    const worse = Array.from({ length: 25 }, (_, n) =>
      graftRow(euteId, {
        eLot: `WORSE-${String(n).padStart(2, '0')}`,
        tDproximal: 20,
        expiryDate: null,
        expiryOut: null,
      }),
    );
    await insert([...worse, ...best]);
    const first = await searches.freeGrafts(QUERY, today(), { limit: MAX_SEARCH_PAGE_SIZE, offset: 0 });
    expect(lotsOf(first.items)).toEqual(lotsOf(best));
    expect(first.total).toBe(225);
    const rest = await searches.freeGrafts(QUERY, today(), {
      limit: MAX_SEARCH_PAGE_SIZE,
      offset: MAX_SEARCH_PAGE_SIZE,
    });
    expect(lotsOf(rest.items)).toEqual(lotsOf(worse));
    expect(rest.total).toBe(225);
    // Past the end a page is empty and still counts all; at the exact end too.
    for (const offset of [225, 1000]) {
      expect(await searches.freeGrafts(QUERY, today(), { limit: 10, offset })).toEqual({ items: [], total: 225 });
    }
  });

  test('nothing fits: an empty page counting none', async () => {
    expect(await searches.freeGrafts(QUERY, today(), { limit: 10, offset: 0 })).toEqual({ items: [], total: 0 });
    expect(await searches.freeGrafts(QUERY, today(), { limit: 10, offset: 20 })).toEqual({ items: [], total: 0 });
  });
});
