import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Eute, Graft } from '@graftmatch/domain';
import { expectProblem, graftRow, startSeededApp, type SeededApp } from '../../../test/support/clinical';
import { testEngineName } from '../../../test/support/database';

// Onboarding a tissue bank (docs/api.md, "Tissue banks"): an admin adds it, sets its lead time, deactivates and
// reactivates it; an inactive bank's grafts leave the physicians' search (docs/decisions.md §5).
const SEARCH = { query_type: 8, query_d_min: 41, query_d_max: 42, query_l_min: 10, query_l_l_min: 0, query_l_r_min: 0 };

describe(`a tissue bank's activation (${testEngineName()})`, () => {
  let app: SeededApp;
  beforeAll(async () => {
    app = await startSeededApp();
  });
  afterAll(async () => {
    await app?.server.close();
  });

  test('an admin adds a bank, sets its lead time, deactivates it (its grafts leave the search) and reactivates it', async () => {
    const { admin, physicianA, auditor } = app.clients;
    const added = await admin.post('/api/admin/eutes/add', { name: 'Gewebebank Ost', euteNumber: 'DE-OST-1' });
    expect(added.status).toBe(201);
    const bank = (await added.json()) as Eute;
    expect(bank).toMatchObject({ active: true, leadTimeDays: 2 });
    expect((await admin.patch(`/api/admin/eutes/${bank.id}/leadtime`, { days: 5 })).status).toBe(200);
    expect(((await (await auditor.get(`/api/admin/eutes/${bank.id}`)).json()) as Eute).leadTimeDays).toBe(5);

    const graft = graftRow(bank.id, { tProdName2: 8, tDproximal: 41.5, tLmax: 60 });
    await app.server.database.db.insertInto('grafts').values(graft).execute();
    const found = async () =>
      ((await (await physicianA.post('/api/physician/graftsearch', SEARCH)).json()) as Graft[]).map((g) => g.e_Lot);
    expect(await found()).toContain(graft.eLot);

    const off = await admin.get(`/api/admin/eutes/deactivate/${bank.id}`);
    expect(off.status).toBe(200);
    expect(((await off.json()) as Eute).active).toBe(false);
    expect(await found()).not.toContain(graft.eLot);
    const inactive = (await (await admin.get('/api/admin/eutes?active=false')).json()) as Eute[];
    expect(inactive.map((eute) => eute.id)).toContain(bank.id);

    const on = await admin.get(`/api/admin/eutes/activate/${bank.id}`);
    expect(((await on.json()) as Eute).active).toBe(true);
    expect(await found()).toContain(graft.eLot);

    const actions = await app.server.database.db
      .selectFrom('auditLog')
      .select('action')
      .where('targetId', '=', bank.id)
      .orderBy('at')
      .execute();
    expect(actions.map((row) => row.action)).toEqual(['eute.add', 'eute.leadtime', 'eute.deactivate', 'eute.activate']);
  });

  test('an unknown bank is a 404; an auditor may not deactivate one', async () => {
    await expectProblem(
      await app.clients.admin.get('/api/admin/eutes/deactivate/3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d4e'),
      404,
    );
    await expectProblem(await app.clients.auditor.get(`/api/admin/eutes/deactivate/${app.ids.euteY}`), 403);
  });
});
