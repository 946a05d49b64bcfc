import { aWaitingListRequest } from '@graftmatch/domain/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { createDatabase, type Database } from '../db/database';
import { startSeededApp, type SeededApp } from '../../test/support/clinical';
import { TestClient } from '../../test/support/client';
import { testEngineName } from '../../test/support/database';
import { pdfText } from '../../test/support/pdf';

// A cached caller or answer never outlives a change: not on the instance that made it, not on a
// second instance on the same database, and not when the change comes from outside the API (an
// import writing to the database). Instance B is a second app on its own connection (pool).

describe(`caches follow every change at once, on two instances (${testEngineName()})`, () => {
  let seeded: SeededApp;
  let otherDatabase: Database;
  let other: FastifyInstance;
  let otherUrl: string;

  beforeAll(async () => {
    seeded = await startSeededApp();
    otherDatabase = createDatabase(seeded.server.target);
    other = await buildApp({ config: seeded.server.config, database: otherDatabase, webRoot: null });
    await other.listen({ port: 0, host: '127.0.0.1' });
    const address = other.server.address();
    otherUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  }, 120_000);

  afterAll(async () => {
    await other?.close();
    await otherDatabase?.close();
    await seeded?.server.close();
  });

  /** The same logged-in user on instance B (bearer only, no cookies). */
  function onOther(client: TestClient): TestClient {
    const copy = new TestClient(otherUrl);
    copy.accessToken = client.accessToken;
    return copy;
  }

  const search = {
    query_type: 5 as const,
    query_d_min: 10,
    query_d_max: 20,
    query_l_min: 10,
    query_l_l_min: 0,
    query_l_r_min: 0,
  };

  async function searchLots(client: TestClient): Promise<string[]> {
    const response = await client.post('/api/physician/graftsearch', search);
    expect(response.status).toBe(200);
    return ((await response.json()) as { e_Lot: string }[]).map((graft) => graft.e_Lot);
  }

  it('drops a cached search when a graft changes outside the API, on both instances', async () => {
    const physician = seeded.clients.physicianA;
    const [lot] = await searchLots(physician);
    expect(lot).toBeDefined();
    expect(await searchLots(onOther(physician))).toContain(lot);
    // As an import would: straight into the table.
    await seeded.server.database.db
      .updateTable('grafts')
      .set({ tDproximal: 45 })
      .where('eLot', '=', lot as string)
      .execute();
    expect(await searchLots(physician)).not.toContain(lot);
    expect(await searchLots(onOther(physician))).not.toContain(lot);
  });

  it('shows a new waiting-list entry and its demand on the other instance at once', async () => {
    const physician = seeded.clients.physicianA;
    const employee = seeded.clients.employeeX;
    const own = async (client: TestClient) =>
      (await (await client.get('/api/physician/waitinglist')).json()) as unknown[];
    const demand = async (client: TestClient) =>
      (await (await client.get('/api/euteemployee/waitinglist')).json()) as unknown[];
    const [ownBefore, demandBefore] = [
      (await own(onOther(physician))).length,
      (await demand(onOther(employee))).length,
    ];
    const added = await physician.post('/api/physician/waitinglist', aWaitingListRequest());
    expect(added.status).toBe(201);
    expect(await own(onOther(physician))).toHaveLength(ownBefore + 1);
    expect(await demand(onOther(employee))).toHaveLength(demandBefore + 1);
  });

  it('counts the fitting grafts of both waiting lists anew when a graft changes outside the API, on both instances', async () => {
    const physician = seeded.clients.physicianA;
    const employee = seeded.clients.employeeX;
    const added = await physician.post('/api/physician/waitinglist', aWaitingListRequest(search));
    expect(added.status).toBe(201);
    const { waitinglistid } = (await added.json()) as { waitinglistid: string };
    const fitsOf = async (client: TestClient, path: string) => {
      const entries = (await (await client.get(path)).json()) as { waitinglistid: string; matchingGrafts: number }[];
      return entries.find((entry) => entry.waitinglistid === waitinglistid)?.matchingGrafts;
    };
    const readers = [
      () => fitsOf(physician, '/api/physician/waitinglist'),
      () => fitsOf(onOther(physician), '/api/physician/waitinglist'),
      () => fitsOf(employee, '/api/euteemployee/waitinglist'),
      () => fitsOf(onOther(employee), '/api/euteemployee/waitinglist'),
    ];
    const before = await Promise.all(readers.map((read) => read()));
    const fits = before[0] as number;
    expect(fits).toBeGreaterThan(0);
    expect(before).toEqual([fits, fits, fits, fits]);

    const [lot] = await searchLots(physician);
    await seeded.server.database.db
      .updateTable('grafts')
      .set({ tDproximal: 45 })
      .where('eLot', '=', lot as string)
      .execute();
    expect(await Promise.all(readers.map((read) => read()))).toEqual([fits - 1, fits - 1, fits - 1, fits - 1]);
  });

  it('keeps the demand PDF while the demand is unchanged, and renders it anew after a change, on both instances', async () => {
    const employee = seeded.clients.employeeX;
    const download = async (client: TestClient) => {
      const answer = await client.get('/api/euteemployee/waitinglist/download');
      expect(answer.status).toBe(200);
      return Buffer.from(await answer.arrayBuffer());
    };
    const first = await download(employee);
    expect((await download(employee)).equals(first)).toBe(true);
    const otherFirst = await download(onOther(employee));

    const added = await seeded.clients.physicianA.post(
      '/api/physician/waitinglist',
      aWaitingListRequest({ patient_Code: 'Z-11-2024' }),
    );
    expect(added.status).toBe(201);
    for (const [client, before] of [
      [employee, first],
      [onOther(employee), otherFirst],
    ] as const) {
      const after = await download(client);
      expect(await pdfText(before)).not.toContain('Z-11-2024');
      expect(await pdfText(after)).toContain('Z-11-2024');
    }
  });

  it("shows every role's home anew at once on the other instance after a write that changes only what a home shows", async () => {
    const physician = seeded.clients.physicianA;
    const employee = seeded.clients.employeeX;
    const admin = seeded.clients.admin;
    const home = async <T>(client: TestClient, path: string) => {
      const answer = await client.get(path);
      expect(answer.status).toBe(200);
      return (await answer.json()) as T;
    };
    type PhysicianHome = { newMatches: { since: string | null } };
    type BankHome = { lastImport: { id: string; rows: number } | null };
    type AdminHome = { importProblems: { items: { euteId: string }[] } };
    const physicianHome = (client: TestClient) => home<PhysicianHome>(client, '/api/physician/dashboard');
    const bankHome = (client: TestClient) => home<BankHome>(client, '/api/euteemployee/dashboard');
    const adminHome = (client: TestClient) => home<AdminHome>(client, '/api/admin/dashboard');
    // Each read twice first, so each is kept (and replayed) on both instances.
    for (const client of [physician, onOther(physician), physician, onOther(physician)]) {
      await physicianHome(client);
    }
    for (const client of [employee, onOther(employee), employee, onOther(employee)]) {
      await bankHome(client);
    }
    for (const client of [onOther(admin), onOther(admin)]) {
      expect((await adminHome(client)).importProblems.items.map((bank) => bank.euteId)).not.toContain(seeded.ids.euteX);
    }

    // The physician looks at their waiting list (through the API, on this instance).
    const seen = await physician.post('/api/physician/dashboard/matches-seen', {});
    expect(seen.status).toBe(200);
    const { seenAt } = (await seen.json()) as { seenAt: string };
    expect((await physicianHome(onOther(physician))).newMatches.since).toBe(seenAt);

    // An import log with failed rows, written as the command line writes it: straight into the table.
    const id = crypto.randomUUID();
    await seeded.server.database.db
      .insertInto('importLogs')
      .values({
        id,
        model: 'grafts',
        date: new Date().toISOString(),
        importer: 'command line',
        log: '',
        importType: 'csv',
        importSource: 'cache test',
        euteId: seeded.ids.euteX,
        importerUserId: null,
        summary: JSON.stringify({ rows: 7, failed: 2 }),
        errors: null,
      })
      .execute();
    expect((await bankHome(onOther(employee))).lastImport).toMatchObject({ id, rows: 7 });
    expect((await bankHome(employee)).lastImport).toMatchObject({ id, rows: 7 });

    expect((await adminHome(onOther(admin))).importProblems.items.map((bank) => bank.euteId)).toContain(
      seeded.ids.euteX,
    );
  });

  it('refuses a caller at once on the other instance after a membership is removed', async () => {
    const physician = onOther(seeded.clients.physicianB);
    expect((await physician.post('/api/physician/graftsearch', search)).status).toBe(200);
    await seeded.server.database.db
      .deleteFrom('clinicMembers')
      .where('userId', '=', seeded.ids.users.physicianB)
      .execute();
    expect((await physician.post('/api/physician/graftsearch', search)).status).toBe(403);
  });

  it('refuses a deactivated user at once on the other instance', async () => {
    const employee = onOther(seeded.clients.employeeY);
    expect((await employee.get('/api/euteemployee/waitinglist')).status).toBe(200);
    const deactivated = await seeded.clients.admin.get(`/api/admin/user/deactivate/${seeded.ids.users.employeeY}`);
    expect(deactivated.status).toBe(200);
    expect((await employee.get('/api/euteemployee/waitinglist')).status).toBe(401);
  });

  it('refuses an ended session at once on the other instance', async () => {
    const physician = seeded.clients.physicianA;
    const elsewhere = onOther(physician);
    expect((await elsewhere.get('/api/physician/waitinglist')).status).toBe(200);
    expect((await physician.get('/api/users/logout')).status).toBeLessThan(300);
    expect((await elsewhere.get('/api/physician/waitinglist')).status).toBe(401);
    expect((await physician.get('/api/physician/waitinglist')).status).toBe(401);
  });
});
