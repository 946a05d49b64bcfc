import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { shiftDate, StepStatus, type StockGraft } from '@graftmatch/domain';
import type { NewGraftRow } from '../../db/types';
import { expectProblem, graftRow, startSeededApp, today, type SeededApp } from '../../../test/support/clinical';
import { testEngineName } from '../../../test/support/database';
import { requestGraft, stepOk } from '../../../test/support/requests';
import type { TestClient } from '../../../test/support/client';

// The bank's stock (docs/decisions.md "The bank's stock"): `GET /euteemployee/currentdonations`
// answers every graft of the caller's banks not in the Archive, with its state and, for a free one,
// the open waiting-list entries it fits. Aorta descendens of 33.5 mm, a size the demo does not hold.
const SIZE = 'type=7&dMin=33&dMax=34';
const sized = (overrides: Partial<NewGraftRow>) => ({ tProdName2: 7, tDproximal: 33.5, tLmax: 60, ...overrides });

async function stock(client: TestClient, query = SIZE): Promise<StockGraft[]> {
  const answer = await client.get(`/api/euteemployee/currentdonations?${query}`);
  expect(answer.status, await answer.clone().text()).toBe(200);
  return (await answer.json()) as StockGraft[];
}

const lotsOf = (grafts: StockGraft[]) => grafts.map((graft) => graft.e_Lot);

describe(`the bank's stock (${testEngineName()})`, () => {
  let app: SeededApp;
  const lots = {
    free: `ST-FREE-${Date.now()}`,
    reserved: `ST-RES-${Date.now()}`,
    assigned: `ST-ASG-${Date.now()}`,
    delivered: `ST-DLV-${Date.now()}`,
    archived: `ST-ARC-${Date.now()}`,
    expired: `ST-EXP-${Date.now()}`,
    ofY: `ST-Y-${Date.now()}`,
  };
  beforeAll(async () => {
    app = await startSeededApp();
    const day = today();
    const current = { listStatus: 1 as const, assignmentStatus: StepStatus.Done, clinicId: app.ids.clinicA };
    const rows = [
      graftRow(
        app.ids.euteX,
        sized({ eLot: lots.free, expiryOut: shiftDate(day, 20), expiryDate: shiftDate(day, 20) }),
      ),
      graftRow(
        app.ids.euteX,
        sized({ eLot: lots.reserved, expiryOut: shiftDate(day, 30), expiryDate: shiftDate(day, 30) }),
      ),
      graftRow(app.ids.euteX, sized({ eLot: lots.assigned, ...current })),
      graftRow(app.ids.euteX, sized({ eLot: lots.delivered, ...current, deliveryStatus: StepStatus.Done })),
      graftRow(app.ids.euteX, sized({ eLot: lots.archived, listStatus: 2, implantationStatus: StepStatus.Done })),
      graftRow(
        app.ids.euteX,
        sized({ eLot: lots.expired, expiryOut: shiftDate(day, -1), expiryDate: shiftDate(day, -1) }),
      ),
      graftRow(app.ids.euteY, sized({ eLot: lots.ofY })),
    ];
    // One by one: the rows set different step columns, and a multi-row insert would null the others.
    for (const row of rows) {
      await app.server.database.db.insertInto('grafts').values(row).execute();
    }
    const request = await requestGraft(app.clients.physicianA, { lot: lots.reserved, patient_Code: 'C-05-2019' });
    await stepOk(app.clients.employeeX, 'euteemployee', request.id, 'reserve');
  });
  afterAll(async () => {
    await app?.server.close();
  });

  test('bank X sees every graft it still holds, with its state, soonest expiry first; archived and expired ones are not there', async () => {
    const grafts = await stock(app.clients.employeeX);
    expect(lotsOf(grafts)).toEqual([lots.free, lots.reserved, lots.assigned, lots.delivered]);
    expect(grafts.map((graft) => graft.stockState)).toEqual(['free', 'reserved', 'assigned', 'delivered']);
    expect(grafts.slice(1).map((graft) => graft.fittingEntries)).toEqual([null, null, null]);

    const latestFirst = await stock(app.clients.employeeX, `${SIZE}&sort=-expiry`);
    expect(lotsOf(latestFirst).slice(0, 2)).not.toContain(lots.free);
    expect(lotsOf(latestFirst).at(-1)).toBe(lots.free);
  });

  test('a free graft counts the open waiting-list entries it fits, and follows a new entry', async () => {
    const [before] = await stock(app.clients.employeeX, `${SIZE}&state=free`);
    expect(before?.e_Lot).toBe(lots.free);
    const entry = (iMin: number) => ({
      query_type: 7,
      query_d_min: 33,
      query_d_max: 35,
      query_l_min: 50,
      query_l_l_min: 0,
      query_l_r_min: 0,
      patient_Code: 'S-02-2021',
      query_i_min: shiftDate(today(), iMin),
      query_i_Max: shiftDate(today(), iMin + 30),
    });
    // One the graft fits, one whose implant window opens after the graft expires.
    expect((await app.clients.physicianA.post('/api/physician/waitinglist', entry(10))).status).toBe(201);
    expect((await app.clients.physicianB.post('/api/physician/waitinglist', entry(25))).status).toBe(201);
    const [after] = await stock(app.clients.employeeX, `${SIZE}&state=free`);
    expect(after?.fittingEntries).toBe((before?.fittingEntries ?? 0) + 1);
  });

  test('filters by state and size answer only what matches', async () => {
    expect(lotsOf(await stock(app.clients.employeeX, `${SIZE}&state=reserved`))).toEqual([lots.reserved]);
    expect(lotsOf(await stock(app.clients.employeeX, `${SIZE}&state=delivered`))).toEqual([lots.delivered]);
    expect(await stock(app.clients.employeeX, 'type=7&dMin=33.6&dMax=34')).toEqual([]);
  });

  test('bank Y never sees bank X’s grafts; the auditor reads every bank’s', async () => {
    expect(lotsOf(await stock(app.clients.employeeY))).toEqual([lots.ofY]);
    const all = lotsOf(await stock(app.clients.auditor));
    expect(all).toEqual(expect.arrayContaining([lots.free, lots.delivered, lots.ofY]));
    expect(all).not.toContain(lots.archived);
    const everything = await app.clients.employeeY.get('/api/euteemployee/currentdonations?state=free&limit=500');
    expect(((await everything.json()) as StockGraft[]).every((graft) => graft.e_Eute === app.ids.euteY)).toBe(true);
  });

  test('an unknown order or state is a 400 naming the field', async () => {
    for (const [field, value] of [
      ['sort', 'colour'],
      ['state', 'lost'],
    ]) {
      const problem = await expectProblem(
        await app.clients.employeeX.get(`/api/euteemployee/currentdonations?${field}=${value}`),
        400,
      );
      expect(JSON.stringify(problem.errors)).toContain(field);
    }
  });
});
