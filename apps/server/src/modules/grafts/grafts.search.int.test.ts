import {
  ListStatus,
  GRAFT_SORTS,
  MAX_SEARCH_PAGE_SIZE,
  SEARCH_PARAMS_ERROR,
  compareGraftsBy,
  compareSearchResults,
  matchesSearch,
  shiftDate,
  StepStatus,
  type Graft,
  type GraftSearchQuery,
} from '@graftmatch/domain';
import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { NewGraftRow } from '../../db/types';
import { createTestClinic, createTestUser, loginAs } from '../../../test/support/auth';
import { expectProblem, graftRow, today } from '../../../test/support/clinical';
import type { TestClient } from '../../../test/support/client';
import { testEngineName } from '../../../test/support/database';
import { startTestApp, type TestApp } from '../../../test/support/app';

// The search rules of docs/decisions.md §6, told as a physician searching a tissue bank's stock.

const BASE: GraftSearchQuery = {
  query_type: 5,
  query_d_min: 15,
  query_d_max: 25,
  query_l_min: 10,
  query_l_l_min: 0,
  query_l_r_min: 0,
};

/** The expiry step's date and its copy, `days` from today. */
const expires = (days: number) => ({ expiryDate: shiftDate(today(), days), expiryOut: shiftDate(today(), days) });

describe(`physician graft search (${testEngineName()})`, () => {
  let server: TestApp;
  let physician: TestClient;
  let clinicId: string;
  let euteId: string;
  const insert = async (overrides: Partial<NewGraftRow>) => {
    const row = graftRow(euteId, overrides);
    await server.database.db.insertInto('grafts').values(row).execute();
    return row.eLot;
  };
  const search = async (body: unknown, page = '') => physician.post(`/api/physician/graftsearch${page}`, body);
  /** One page of a search: its lots, and the number of all that fit. */
  const page = async (body: unknown, query = '') => {
    const answer = await search(body, query);
    expect(answer.status).toBe(200);
    const lotsOfPage = ((await answer.json()) as Graft[]).map((graft) => graft.e_Lot);
    return { lots: lotsOfPage, total: Number(answer.headers.get('x-total-count')) };
  };
  const lots = async (body: unknown) => (await page(body)).lots;

  beforeAll(async () => {
    server = await startTestApp();
    clinicId = await createTestClinic(server);
    euteId = randomUUID();
    const at = new Date().toISOString();
    await server.database.db
      .insertInto('eutes')
      .values({ id: euteId, name: 'Search bank', createdAt: at, updatedAt: at })
      .execute();
    const { email } = await createTestUser(server, { clinicIds: [clinicId] });
    physician = await loginAs(server, email);
  });

  afterAll(async () => {
    await server?.close();
  });

  test('empty parameters answer 400 with the spec text, whatever form the emptiness takes', async () => {
    for (const body of [
      {},
      { ...BASE, query_d_min: null },
      { ...BASE, query_type: '' },
      { query_type: 5 },
      undefined,
    ]) {
      const problem = await expectProblem(await search(body), 400);
      expect(problem.detail).toBe(SEARCH_PARAMS_ERROR);
      expect(problem.errors?.some((error) => error.message === SEARCH_PARAMS_ERROR)).toBe(true);
    }
  });

  test('each bound is inclusive, and one step outside is refused with a field-level reason', async () => {
    const inside: Partial<GraftSearchQuery>[] = [
      { query_d_min: 5, query_d_max: 15 },
      { query_d_min: 40, query_d_max: 50 },
      { query_l_min: 10 },
      { query_l_min: 120 },
      { query_l_l_min: 0, query_l_r_min: 0 },
      { query_l_l_min: 100, query_l_r_min: 100 },
    ];
    for (const change of inside) {
      expect((await search({ ...BASE, ...change })).status, JSON.stringify(change)).toBe(200);
    }
    const outside: [Partial<GraftSearchQuery>, string][] = [
      [{ query_d_min: 4.5, query_d_max: 10 }, 'query_d_min'],
      [{ query_d_min: 45, query_d_max: 50.5 }, 'query_d_max'],
      [{ query_l_min: 9.5 }, 'query_l_min'],
      [{ query_l_min: 120.5 }, 'query_l_min'],
      [{ query_l_l_min: -1 }, 'query_l_l_min'],
      [{ query_l_r_min: 101 }, 'query_l_r_min'],
    ];
    for (const [change, field] of outside) {
      const problem = await expectProblem(await search({ ...BASE, ...change }), 400);
      expect(problem.errors?.map((error) => error.field)).toContain(field);
    }
  });

  test('the diameter span may be 10 but not more, and d_min may not exceed d_max', async () => {
    expect((await search({ ...BASE, query_d_min: 20, query_d_max: 30 })).status).toBe(200);
    const span = await expectProblem(await search({ ...BASE, query_d_min: 20, query_d_max: 30.5 }), 400);
    expect(span.errors).toEqual([{ field: 'query_d_max', message: expect.stringContaining('10') }]);
    const reversed = await expectProblem(await search({ ...BASE, query_d_min: 25, query_d_max: 20 }), 400);
    expect(reversed.errors).toEqual([{ field: 'query_d_min', message: expect.stringContaining('query_d_max') }]);
  });

  test('a type that is no graft type, or not a number, is refused', async () => {
    for (const query_type of [0, 9, 5.5, '5', 'aortic_valve', [5]]) {
      const problem = await expectProblem(await search({ ...BASE, query_type }), 400);
      expect(problem.errors?.map((error) => error.field)).toContain('query_type');
    }
    for (const query_d_min of ['15', true, { value: 15 }]) {
      const problem = await expectProblem(await search({ ...BASE, query_d_min }), 400);
      expect(problem.errors?.map((error) => error.field)).toContain('query_d_min');
    }
  });

  test('only Free grafts are found: current, implanted, failed, expired (by date or by step) and processing ones are not', async () => {
    const size = { tProdName2: 8, tDproximal: 30 };
    const free = await insert(size);
    const expiresToday = await insert({ ...size, expiryDate: today(), expiryOut: today() });
    const current = await insert({ ...size, listStatus: ListStatus.Current, clinicId, assignmentStatus: 1 });
    const implanted = await insert({ ...size, listStatus: ListStatus.Archive, implantationStatus: 1 });
    const failed = await insert({ ...size, listStatus: ListStatus.Archive, decellularizationStatus: 2 });
    const expiredByDate = await insert({
      ...size,
      expiryDate: shiftDate(today(), -1),
      expiryOut: shiftDate(today(), -1),
    });
    const expiredByStep = await insert({ ...size, listStatus: ListStatus.Archive, expiryStatus: 1 });
    const processing = await insert({ ...size, listStatus: null, releaseStatus: 0 });
    const query = { ...BASE, query_type: 8, query_d_min: 25, query_d_max: 35 };
    expect((await lots(query)).sort()).toEqual([free, expiresToday].sort());

    // The detail call shows each graft's list as of today; the physician reaches free ones and their clinic's.
    const statusOf = async (lot: string) =>
      ((await (await physician.get(`/api/physician/graftsearch/${lot}`)).json()) as Graft).listStatus;
    expect(await statusOf(free)).toBe(ListStatus.Free);
    expect(await statusOf(current)).toBe(ListStatus.Current);
    for (const lot of [implanted, failed, expiredByDate, expiredByStep]) {
      expect((await physician.get(`/api/physician/graftsearch/${lot}`)).status).toBe(404);
    }
    expect((await physician.get(`/api/physician/graftsearch/${processing}`)).status).toBe(404);
    const archive = (await (await physician.get('/api/physician/archivgrafts')).json()) as Graft[];
    expect(archive.map((graft) => graft.e_Lot)).toEqual([]);
    const currentList = (await (await physician.get('/api/physician/currentgrafts')).json()) as Graft[];
    expect(currentList.map((graft) => [graft.e_Lot, graft.listStatus])).toEqual([[current, ListStatus.Current]]);
  });

  test('the clinic’s current grafts come in an asked-for order, and an unknown order is refused', async () => {
    const assigned = { listStatus: ListStatus.Current, clinicId, assignmentStatus: StepStatus.Done };
    const late = await insert({ ...assigned, tDproximal: 18, ...expires(300) });
    const soon = await insert({ ...assigned, tDproximal: 26, ...expires(20) });
    const unknown = await insert({ ...assigned, tDproximal: 22, expiryDate: null, expiryOut: null });
    const lotsOf = async (query: string) =>
      ((await (await physician.get(`/api/physician/currentgrafts${query}`)).json()) as Graft[])
        .map((graft) => graft.e_Lot)
        .filter((lot) => [late, soon, unknown].includes(lot));
    expect(await lotsOf('?sort=expiry')).toEqual([soon, late, unknown]);
    expect(await lotsOf('?sort=-expiry')).toEqual([late, soon, unknown]);
    expect(await lotsOf('?sort=size')).toEqual([late, unknown, soon]);
    expect(await lotsOf('?sort=-size&limit=50')).toEqual([soon, unknown, late]);
    await expectProblem(await physician.get('/api/physician/currentgrafts?sort=clinic'), 400);
    await expectProblem(await physician.get('/api/physician/archivgrafts?sort=-'), 400);
  });

  test('the bank’s donations archive comes in an asked-for order, the lot breaking ties, and an unknown order is refused', async () => {
    const { email } = await createTestUser(server, { euteIds: [euteId] });
    const employee = await loginAs(server, email);
    const archived = { listStatus: ListStatus.Archive, clinicId, implantationStatus: StepStatus.Done };
    const late = await insert({ ...archived, tDproximal: 18, ...expires(-20) });
    const soon = await insert({ ...archived, tDproximal: 26, ...expires(-300) });
    const unknown = await insert({ ...archived, tDproximal: 22, expiryDate: null, expiryOut: null });
    // Same expiry and size as `late`: the lot decides, the same on SQLite and PostgreSQL.
    const twin = await insert({ ...archived, tDproximal: 18, ...expires(-20), eLot: `${late}-B` });
    const lotsOf = async (query: string) => {
      const answer = await employee.get(`/api/euteemployee/donationsarchiv${query}`);
      expect(answer.status, await answer.clone().text()).toBe(200);
      return ((await answer.json()) as Graft[])
        .map((graft) => graft.e_Lot)
        .filter((lot) => [late, soon, unknown, twin].includes(lot));
    };
    expect(await lotsOf('?sort=expiry')).toEqual([soon, late, twin, unknown]);
    expect(await lotsOf('?sort=-expiry')).toEqual([late, twin, soon, unknown]);
    expect(await lotsOf('?sort=size')).toEqual([late, twin, unknown, soon]);
    expect(await lotsOf('?sort=-size&limit=50')).toEqual([soon, unknown, late, twin]);
    await expectProblem(await employee.get('/api/euteemployee/donationsarchiv?sort=age'), 400);
  });

  test('grafts of an inactive tissue bank are hidden from the search', async () => {
    const inactiveBank = randomUUID();
    const at = new Date().toISOString();
    await server.database.db
      .insertInto('eutes')
      .values({ id: inactiveBank, name: 'Closed bank', active: 0, createdAt: at, updatedAt: at })
      .execute();
    const hidden = graftRow(inactiveBank, { tProdName2: 7, tDproximal: 20 });
    await server.database.db.insertInto('grafts').values(hidden).execute();
    expect(await lots({ ...BASE, query_type: 7 })).not.toContain(hidden.eLot);
  });

  test('type, diameter, total length and branch minimums each filter; results are ordered by distance to the middle, then expiry, then lot', async () => {
    const t = { tProdName2: 2 };
    const middle = await insert({ ...t, tDproximal: 20, tLleft: 30, tLright: 30, ...expires(400) });
    const nearLate = await insert({ ...t, tDproximal: 21, tLleft: 30, tLright: 30, ...expires(900) });
    const nearEarly = await insert({ ...t, tDproximal: 19, tLleft: 30, tLright: 30, ...expires(100) });
    const edge = await insert({ ...t, tDproximal: 25, tLleft: 30, tLright: 30 });
    await insert({ ...t, tDproximal: 25.5, tLleft: 30, tLright: 30 });
    await insert({ ...t, tDproximal: 20, tLmax: 9, tLleft: 30, tLright: 30 });
    await insert({ ...t, tDproximal: 20, tLleft: 4, tLright: 30 });
    await insert({ ...t, tDproximal: 20, tLleft: 30, tLright: 4 });
    await insert({ tProdName2: 3, tDproximal: 20, tLleft: 30, tLright: 30 });
    const query = { ...BASE, query_type: 2, query_l_min: 10, query_l_l_min: 5, query_l_r_min: 5 };
    expect(await lots(query)).toEqual([middle, nearEarly, nearLate, edge]);
  });

  test('property: the SQL search finds exactly what the domain rule finds, in the domain order', async () => {
    const dims = fc.integer({ min: 10, max: 60 }).map((half) => half / 2);
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            type: fc.constantFrom(1, 2),
            d: dims,
            lmax: fc.integer({ min: 5, max: 80 }),
            l: fc.option(fc.integer({ min: 0, max: 40 })),
            days: fc.integer({ min: -5, max: 50 }),
          }),
          { maxLength: 12 },
        ),
        fc.record({
          query_type: fc.constantFrom(1, 2),
          query_d_min: fc.integer({ min: 10, max: 20 }),
          span: fc.integer({ min: 0, max: 10 }),
          query_l_min: fc.integer({ min: 10, max: 60 }),
          query_l_l_min: fc.integer({ min: 0, max: 30 }),
        }),
        async (grafts, q) => {
          const bank = randomUUID();
          const at = new Date().toISOString();
          await server.database.db
            .insertInto('eutes')
            .values({ id: bank, name: `Bank ${bank}`, createdAt: at, updatedAt: at })
            .execute();
          const rows = grafts.map((g) =>
            graftRow(bank, {
              tProdName2: g.type,
              tDproximal: g.d,
              tLmax: g.lmax,
              tLleft: g.l,
              tLright: g.l,
              expiryDate: shiftDate(today(), g.days),
              expiryOut: shiftDate(today(), g.days),
            }),
          );
          // Only this bank's grafts count: everything else is first moved out of the Free list.
          await server.database.db
            .updateTable('grafts')
            .set({ listStatus: 2 })
            .where('tProdName2', 'in', [1, 2])
            .execute();
          if (rows.length > 0) {
            await server.database.db.insertInto('grafts').values(rows).execute();
          }
          const query = {
            query_type: q.query_type,
            query_d_min: q.query_d_min,
            query_d_max: q.query_d_min + q.span,
            query_l_min: q.query_l_min,
            query_l_l_min: q.query_l_l_min,
            query_l_r_min: 0,
          } as GraftSearchQuery;
          const expected = rows
            .filter((row) => row.expiryDate !== null && (row.expiryDate as string) >= today())
            .map((row) => ({
              e_Lot: row.eLot,
              t_ProdName_2: row.tProdName2,
              t_Dproximal: row.tDproximal ?? null,
              t_Lmax: row.tLmax ?? null,
              t_Lleft: row.tLleft ?? null,
              t_Lright: row.tLright ?? null,
              expiry: { outValue: row.expiryDate ?? null },
            }))
            .filter((graft) => matchesSearch(graft as never, query))
            .sort(compareSearchResults(query))
            .map((graft) => graft.e_Lot);
          expect(await lots(query)).toEqual(expected);
        },
      ),
      { numRuns: 30 },
    );
  });

  describe('in pages', () => {
    // Aortae ascendentes, which no other story here uses: 230 fit, more than the 200 of the first page.
    const PAGED: GraftSearchQuery = { ...BASE, query_type: 6, query_d_min: 20, query_d_max: 30 };
    const FITTING = 230;
    let order: string[];
    let ranked: { e_Lot: string; t_Dproximal: number | null; expiry: { outValue: string | null } }[];

    beforeAll(async () => {
      // Many grafts share a diameter and an expiry, so expiry and lot decide between them too.
      const rows = Array.from({ length: FITTING }, (_, n) =>
        graftRow(euteId, {
          tProdName2: 6,
          tDproximal: 20 + (n % 21) / 2,
          ...(n % 7 === 0 ? { expiryDate: null, expiryOut: null } : expires(1 + (n % 13))),
        }),
      );
      for (let start = 0; start < rows.length; start += 100) {
        await server.database.db
          .insertInto('grafts')
          .values(rows.slice(start, start + 100))
          .execute();
      }
      ranked = rows.map((row) => ({
        e_Lot: row.eLot,
        t_Dproximal: row.tDproximal ?? null,
        expiry: { outValue: row.expiryDate ?? null },
      }));
      order = [...ranked].sort(compareSearchResults(PAGED)).map((graft) => graft.e_Lot);
    });

    test('an asked-for order (expiry or size, either way) holds across pages, unknown values last', async () => {
      for (const sort of GRAFT_SORTS) {
        const sorted = [...ranked].sort(compareGraftsBy(sort)).map((graft) => graft.e_Lot);
        const seen: string[] = [];
        for (let offset = 0; offset < FITTING; offset += 100) {
          const next = await page(PAGED, `?limit=100&offset=${offset}&sort=${sort}`);
          expect(next.total).toBe(FITTING);
          seen.push(...next.lots);
        }
        expect(seen, sort).toEqual(sorted);
      }
      // The kept answer of one order is never served for another.
      expect((await page(PAGED, '?limit=10&sort=-size')).lots).not.toEqual((await page(PAGED, '?limit=10')).lots);
    });

    test('an order the search does not know is refused with a problem', async () => {
      for (const sort of ['name', 'expiry,size', '', 'EXPIRY']) {
        const problem = await expectProblem(await search(PAGED, `?sort=${encodeURIComponent(sort)}`), 400);
        expect(problem.errors?.map((error) => error.field).join()).toContain('sort');
      }
    });

    test('a client that knows no paging gets the best 200 as before, and the count of all that fit', async () => {
      const first = await page(PAGED);
      expect(first.lots).toEqual(order.slice(0, MAX_SEARCH_PAGE_SIZE));
      expect(first.total).toBe(FITTING);
    });

    test('the physician pages through every match: consecutive slices of one order, none twice, none left out', async () => {
      const seen: string[] = [];
      for (let offset = 0; offset < FITTING + 50; offset += 50) {
        const next = await page(PAGED, `?limit=50&offset=${offset}`);
        expect(next.total, `offset ${offset}`).toBe(FITTING);
        expect(next.lots, `offset ${offset}`).toEqual(order.slice(offset, offset + 50));
        seen.push(...next.lots);
      }
      expect(seen).toEqual(order);
      // Beyond the first 200 with the largest page, and an odd cut.
      expect((await page(PAGED, `?limit=${MAX_SEARCH_PAGE_SIZE}&offset=200`)).lots).toEqual(order.slice(200));
      expect((await page(PAGED, '?limit=7&offset=193')).lots).toEqual(order.slice(193, 200));
      // A narrower search counts only its own matches: one graft in 21 measures 25 mm.
      const narrow = await page({ ...PAGED, query_d_min: 25, query_d_max: 25 }, '?limit=5');
      expect(narrow).toEqual({ lots: expect.any(Array), total: 11 });
      expect(narrow.lots).toHaveLength(5);
    });

    test('a kept answer of one page is never served for another page of the same search', async () => {
      const twice = [await page(PAGED, '?limit=10&offset=0'), await page(PAGED, '?limit=10&offset=0')];
      expect(twice[1]).toEqual(twice[0]);
      expect((await page(PAGED, '?limit=10&offset=10')).lots).toEqual(order.slice(10, 20));
      expect((await page(PAGED, '?limit=20&offset=0')).lots).toEqual(order.slice(0, 20));
      expect((await page(PAGED, '?offset=10')).lots).toEqual(order.slice(10, 210));
      expect((await page(PAGED, '?limit=10')).lots).toEqual(order.slice(0, 10));
    });

    test('a page size or offset out of bounds, or not a number, is refused as a problem, never a server error', async () => {
      for (const query of [
        '?limit=0',
        '?limit=201',
        '?limit=-1',
        '?limit=x',
        '?limit=1.5',
        '?offset=-1',
        '?offset=x',
      ]) {
        const problem = await expectProblem(await search(PAGED, query), 400);
        expect(
          problem.errors?.map((error) => error.field),
          query,
        ).toEqual([query.slice(1).split('=')[0]]);
      }
    });
  });
});
