import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { shiftDate } from '@graftmatch/domain';
import { expectProblem, graftRow, startSeededApp, today, type SeededApp } from '../../../test/support/clinical';
import { testEngineName } from '../../../test/support/database';

const ENTRY = {
  query_type: 6,
  query_d_min: 40,
  query_d_max: 48,
  query_l_min: 50,
  query_l_l_min: 0,
  query_l_r_min: 0,
  patient_Code: 'K-11-2018',
  query_i_min: shiftDate(today(), 30),
  query_i_Max: shiftDate(today(), 90),
};

interface Entry {
  waitinglistid: string;
  matchingGrafts: number;
  physician_Name: string | null;
  c_Name: string;
  query_l_min: number;
  query_i_min: string;
}

describe(`a physician's waiting list (${testEngineName()})`, () => {
  let app: SeededApp;
  beforeAll(async () => {
    app = await startSeededApp();
  });
  afterAll(async () => {
    await app?.server.close();
  });

  test('the entry counts the free grafts that fit it now, and follows patches; others cannot touch it; removal leaves an audit trail', async () => {
    const { physicianA, physicianB, employeeY } = app.clients;
    const db = app.server.database.db;
    // Three aorta ascendens grafts of 44 mm: one fits, one expires before the implant window opens, one is too short.
    await db
      .insertInto('grafts')
      .values([
        graftRow(app.ids.euteX, { tProdName2: 6, tDproximal: 44, tLmax: 60 }),
        graftRow(app.ids.euteX, {
          tProdName2: 6,
          tDproximal: 44,
          tLmax: 60,
          expiryDate: shiftDate(today(), 10),
          expiryOut: shiftDate(today(), 10),
        }),
        graftRow(app.ids.euteY, { tProdName2: 6, tDproximal: 44, tLmax: 45 }),
      ])
      .execute();

    const added = await physicianA.post('/api/physician/waitinglist', ENTRY);
    expect(added.status).toBe(201);
    const entry = (await added.json()) as Entry;
    expect(entry).toMatchObject({ matchingGrafts: 1, physician_Name: 'Dr. med. Jonas Berg', query_l_min: 50 });
    expect(entry.c_Name).toContain('Nordstadt');

    const patched = await physicianA.patch(`/api/physician/waitinglist/${entry.waitinglistid}`, {
      query_l_min: 40,
      query_i_min: shiftDate(today(), 5),
    });
    expect(patched.status).toBe(200);
    expect(((await patched.json()) as Entry).matchingGrafts).toBe(3);

    // A patch that would break the merged entry is refused whole.
    const reversed = await expectProblem(
      await physicianA.patch(`/api/physician/waitinglist/${entry.waitinglistid}`, { query_d_min: 49 }),
      400,
    );
    expect(reversed.errors?.map((e) => e.field)).toContain('query_d_min');
    const window = await expectProblem(
      await physicianA.patch(`/api/physician/waitinglist/${entry.waitinglistid}`, {
        query_i_Max: shiftDate(today(), 1),
      }),
      400,
    );
    expect(window.errors?.map((e) => e.field)).toContain('query_i_Max');

    // The tissue bank sees the demand, sorted by implant window.
    const demand = (await (await employeeY.get('/api/euteemployee/waitinglist')).json()) as Entry[];
    expect(demand.map((e) => e.waitinglistid)).toContain(entry.waitinglistid);
    expect(demand.map((e) => e.query_i_min)).toEqual([...demand.map((e) => e.query_i_min)].sort());

    expect(
      (await physicianB.patch(`/api/physician/waitinglist/${entry.waitinglistid}`, { query_l_min: 60 })).status,
    ).toBe(404);
    expect((await physicianB.get(`/api/physician/waitinglist/remove/${entry.waitinglistid}`)).status).toBe(404);
    expect((await physicianA.get(`/api/physician/waitinglist/remove/${entry.waitinglistid}`)).status).toBe(204);
    expect((await physicianA.get(`/api/physician/waitinglist/remove/${entry.waitinglistid}`)).status).toBe(404);
    const own = (await (await physicianA.get('/api/physician/waitinglist')).json()) as Entry[];
    expect(own.map((e) => e.waitinglistid)).not.toContain(entry.waitinglistid);

    const audit = await db
      .selectFrom('auditLog')
      .select(['action', 'actorUserId', 'before', 'after'])
      .where('targetId', '=', entry.waitinglistid)
      .orderBy('at')
      .execute();
    expect(audit.map((row) => row.action)).toEqual(['waitinglist.add', 'waitinglist.update', 'waitinglist.remove']);
    expect(audit.every((row) => row.actorUserId === app.ids.users.physicianA)).toBe(true);
    expect(JSON.parse(audit[1]?.before ?? '{}')).toMatchObject({ query_l_min: 50 });
    expect(JSON.parse(audit[1]?.after ?? '{}')).toMatchObject({ query_l_min: 40 });
  });
});
