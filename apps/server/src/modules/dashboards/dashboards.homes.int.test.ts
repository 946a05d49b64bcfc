import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  ListStatus,
  shiftDate,
  trendMonths,
  type AdminDashboard,
  type EuteDashboard,
  type MatchesSeen,
  type PhysicianDashboard,
  type StockTrend,
  type WaitingListEntry,
} from '@graftmatch/domain';
import { graftRow, readOk, startSeededApp, today, type SeededApp } from '../../../test/support/clinical';
import { testEngineName } from '../../../test/support/database';
import { entryFor, freeGraftOfX } from '../../../test/support/requests';
import type { TestClient } from '../../../test/support/client';

// The homes' "since I last looked", the bank's 12-month trend and the per-bank stale-import days
// (docs/decisions.md "Dashboards"), each held against the lists and settings they come from.

const home = async (client: TestClient) => (await readOk<PhysicianDashboard>(client, '/api/physician/dashboard')).body;

async function markSeen(client: TestClient): Promise<string> {
  const answer = await client.post('/api/physician/dashboard/matches-seen', {});
  expect(answer.status, await answer.clone().text()).toBe(200);
  return ((await answer.json()) as MatchesSeen).seenAt;
}

/** The trend's stock or demand of one type per month. */
const series = (trend: StockTrend, type: number, of: 'stock' | 'demand') =>
  trend.months.map((month) => month.types.find((each) => each.type === type)?.[of] ?? 0);

describe(`the homes' history and settings (${testEngineName()})`, () => {
  let app: SeededApp;
  beforeAll(async () => {
    app = await startSeededApp();
  });
  afterAll(async () => {
    await app?.server.close();
  });

  test('new matches since the physician last looked: all before the first look, then only grafts freed after it', async () => {
    const client = app.clients.physicianA;
    await entryFor(client, 'C-05-2021', 30);
    const never = await home(client);
    expect(never.newMatches).toEqual({ count: never.matches.count, since: null });
    expect(never.matches.count).toBeGreaterThan(0);

    const seenAt = await markSeen(client);
    const looked = await home(client);
    expect(looked.newMatches).toEqual({ count: 0, since: seenAt });

    // A graft that fits nothing of A's (type 5, 90 mm) changes nothing; one that fits counts its entries.
    await new Promise((resolve) => setTimeout(resolve, 5));
    await app.server.database.db
      .insertInto('grafts')
      .values(graftRow(app.ids.euteX, { eLot: `NM-${randomUUID().slice(0, 6)}`, tDproximal: 90 }))
      .execute();
    expect((await home(client)).newMatches.count).toBe(0);
    await freeGraftOfX(app);
    const after = await home(client);
    const entries = await readOk<WaitingListEntry[]>(client, '/api/physician/waitinglist?limit=500');
    // freeGraftOfX: type 5, 20.5 mm, 40 mm long, expiring in a year.
    const fitted = entries.body.filter(
      (entry) =>
        entry.query_i_max >= today() &&
        entry.query_Type === 5 &&
        entry.query_d_min <= 20.5 &&
        entry.query_d_max >= 20.5 &&
        entry.query_l_min <= 40 &&
        entry.query_l_l_min <= 0 &&
        entry.query_l_r_min <= 0,
    );
    expect(fitted.length).toBeGreaterThanOrEqual(1);
    expect(after.newMatches).toEqual({ count: fitted.length, since: seenAt });
    // Another physician's mark is their own.
    expect((await home(app.clients.physicianB)).newMatches.since).toBeNull();

    const again = await markSeen(client);
    expect(again > seenAt).toBe(true);
    expect((await home(client)).newMatches).toEqual({ count: 0, since: again });
  });

  test("the bank's 12-month trend: past months from the grafts' and entries' dates, this month as the stock and demand lists", async () => {
    const db = app.server.database.db;
    const months = trendMonths(today());
    const asOf = (index: number) => months[index]!.asOf;
    const before = (await readOk<StockTrend>(app.clients.employeeX, '/api/euteemployee/dashboard/trend')).body;
    const otherBefore = (await readOk<StockTrend>(app.clients.employeeY, '/api/euteemployee/dashboard/trend')).body;
    expect(before.months.map((month) => month.month)).toEqual(months.map((month) => month.month));

    // Released at the end of month 3, assigned on the last day of month 8: free at the ends of months 3 to 7.
    await db
      .insertInto('grafts')
      .values(
        graftRow(app.ids.euteX, {
          eLot: `TR-${randomUUID().slice(0, 6)}`,
          tProdName2: 7,
          releaseOut: asOf(3),
          assignmentStatus: 1,
          assignmentOut: asOf(8),
          listStatus: ListStatus.Current,
          clinicId: app.ids.clinicA,
        }),
      )
      .execute();
    // Wanted from month 2 until closed on the last day of month 6: open at the ends of months 2 to 5.
    const entry = await entryFor(app.clients.physicianA, 'C-06-2021', 30, today(), { query_type: 7 });
    const removed = await app.clients.physicianA.get(`/api/physician/waitinglist/remove/${entry}`);
    expect(removed.status).toBe(204);
    await db
      .updateTable('waitingListEntries')
      .set({ createdAt: `${asOf(2)}T09:00:00.000Z`, closedAt: `${asOf(6)}T18:00:00.000Z` })
      .where('id', '=', entry)
      .execute();
    // Generated stock of both banks across types, expiries around today.
    let seed = 11;
    const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    for (let index = 0; index < 40; index += 1) {
      const expiry = shiftDate(today(), Math.floor(random() * 400) - 200);
      await db
        .insertInto('grafts')
        .values(
          graftRow(index % 4 === 0 ? app.ids.euteY : app.ids.euteX, {
            eLot: `TG-${index}-${randomUUID().slice(0, 6)}`,
            tProdName2: 1 + Math.floor(random() * 6),
            releaseOut: shiftDate(today(), -Math.floor(random() * 400)),
            expiryOut: expiry,
            expiryDate: expiry,
          }),
        )
        .execute();
    }

    const after = (await readOk<StockTrend>(app.clients.employeeX, '/api/euteemployee/dashboard/trend')).body;
    const difference = (of: 'stock' | 'demand') =>
      series(after, 7, of).map((n, index) => n - series(before, 7, of)[index]!);
    expect(difference('stock')).toEqual([0, 0, 0, 1, 1, 1, 1, 1, 0, 0, 0, 0]);
    expect(difference('demand')).toEqual([0, 0, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0]);
    const other = (await readOk<StockTrend>(app.clients.employeeY, '/api/euteemployee/dashboard/trend')).body;
    expect(series(other, 7, 'stock')).toEqual(series(otherBefore, 7, 'stock'));

    // This month equals the stock list (state=free, per type) and the banks' demand list, type by type.
    const now = after.months.at(-1)!;
    expect(now.month).toBe(today().slice(0, 7));
    const demand = await readOk<WaitingListEntry[]>(app.clients.employeeX, '/api/euteemployee/waitinglist?limit=500');
    for (const { type, stock, demand: wanted } of now.types) {
      const list = await readOk<unknown[]>(
        app.clients.employeeX,
        `/api/euteemployee/currentdonations?state=free&type=${type}&limit=1`,
      );
      expect(stock, `stock of type ${type}`).toBe(list.total);
      expect(wanted, `demand of type ${type}`).toBe(demand.body.filter((each) => each.query_Type === type).length);
    }
    const total = (of: 'stock' | 'demand') => now.types.reduce((sum, each) => sum + each[of], 0);
    const free = await readOk<unknown[]>(
      app.clients.employeeX,
      '/api/euteemployee/currentdonations?state=free&limit=1',
    );
    expect(total('stock')).toBe(free.total);
    expect(total('demand')).toBe(demand.total);
    const bankHome = (await readOk<EuteDashboard>(app.clients.employeeX, '/api/euteemployee/dashboard')).body;
    expect(total('stock')).toBe(bankHome.stockDemand.reduce((sum, cell) => sum + cell.stock, 0));
    expect(total('demand')).toBe(bankHome.stockDemand.reduce((sum, cell) => sum + cell.demand, 0));
  });

  test("a bank's days without an import decide the bank home's warning and the admin home's import problems", async () => {
    const settings = (days: number) =>
      app.clients.admin.patch(`/api/admin/eutes/${app.ids.euteX}/reminders`, {
        expiryReminderDays: [90, 30, 7],
        importSilenceDays: days,
      });
    const fourDaysAgo = new Date(Date.now() - 4 * 86_400_000).toISOString();
    await app.server.database.db
      .updateTable('importLogs')
      .set({ date: fourDaysAgo })
      .where('euteId', '=', app.ids.euteX)
      .execute();
    const problemOfX = async () =>
      (await readOk<AdminDashboard>(app.clients.admin, '/api/admin/dashboard')).body.importProblems.items.find(
        (bank) => bank.euteId === app.ids.euteX,
      );

    expect((await settings(3)).status).toBe(200);
    const stale = (await readOk<EuteDashboard>(app.clients.employeeX, '/api/euteemployee/dashboard')).body;
    expect(stale).toMatchObject({ staleImport: true, staleAfterDays: 3 });
    expect(stale.lastImport?.date).toBe(fourDaysAgo);
    expect((await problemOfX())?.stale).toBe(true);
    // Bank Y's own setting is its own: its demo import is today's.
    const otherBank = (await readOk<EuteDashboard>(app.clients.employeeY, '/api/euteemployee/dashboard')).body;
    expect(otherBank).toMatchObject({ staleImport: false, staleAfterDays: 7 });

    expect((await settings(5)).status).toBe(200);
    const fresh = (await readOk<EuteDashboard>(app.clients.employeeX, '/api/euteemployee/dashboard')).body;
    expect(fresh).toMatchObject({ staleImport: false, staleAfterDays: 5 });
    expect((await problemOfX())?.stale ?? false).toBe(false);
  });
});
