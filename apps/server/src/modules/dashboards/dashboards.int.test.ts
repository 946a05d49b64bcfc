import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  DIAMETER_BAND_MM,
  shiftDate,
  type AdminDashboard,
  type EuteDashboard,
  type PhysicianDashboard,
  type WaitingListEntry,
} from '@graftmatch/domain';
import { graftRow, readOk, startSeededApp, today, type SeededApp } from '../../../test/support/clinical';
import { testEngineName } from '../../../test/support/database';
import { entryFor, freeGraftOfX, requestGraft, stepOk } from '../../../test/support/requests';

// Each role's home (docs/decisions.md "Dashboards"): every counter counts the rows of the list it
// links to, so these tests hold each counter against that list's own answer.

describe(`the homes (${testEngineName()})`, () => {
  let app: SeededApp;
  beforeAll(async () => {
    app = await startSeededApp();
  });
  afterAll(async () => {
    await app?.server.close();
  });

  test("the physician's home: a new match, a reservation awaiting the answer, an entry at risk", async () => {
    const client = app.clients.physicianA;
    const lot = await freeGraftOfX(app);
    const matched = await entryFor(client, 'C-01-2019', 30);
    // Nothing of type 5 is 48 to 50 mm wide and 120 mm long; its window opens tomorrow, within the lead time.
    const atRisk = await entryFor(client, 'C-02-2019', 1, today(), {
      query_d_min: 48,
      query_d_max: 50,
      query_l_min: 120,
    });
    const before = (await readOk<PhysicianDashboard>(client, '/api/physician/dashboard')).body;
    const match = before.matches.items.find((entry) => entry.id === matched);
    expect(match?.lots).toContain(lot);
    expect(before.atRisk.items.map((entry) => entry.id)).toContain(atRisk);
    expect(before.matches.items.map((entry) => entry.id)).not.toContain(atRisk);

    const request = await requestGraft(client, { lot, waitinglistid: matched });
    await stepOk(app.clients.employeeX, 'euteemployee', request.id, 'reserve');
    const after = (await readOk<PhysicianDashboard>(client, '/api/physician/dashboard')).body;
    const awaiting = after.awaitingAnswer.items.find((item) => item.id === request.id);
    expect(awaiting).toMatchObject({ lot, state: 'reserved' });
    expect(awaiting?.deadline).toEqual(expect.any(String));
    expect(after.awaitingAnswer.count).toBe(before.awaitingAnswer.count + 1);

    // The counters against the lists they link to: the waiting list's fit counts and the requests.
    const entries = await readOk<WaitingListEntry[]>(client, '/api/physician/waitinglist?limit=500');
    const wantedWithFits = entries.body.filter((entry) => entry.matchingGrafts > 0 && entry.query_i_max >= today());
    expect(after.matches.count).toBe(wantedWithFits.length);
    // Each waiting-list counter links to the list filtered by `show`, which holds exactly its entries.
    for (const [show, counter] of [
      ['matches', after.matches],
      ['atRisk', after.atRisk],
      ['passed', after.passed],
    ] as const) {
      const filtered = await readOk<WaitingListEntry[]>(client, `/api/physician/waitinglist?show=${show}&limit=500`);
      expect(filtered.total, show).toBe(counter.count);
      expect(filtered.body.length, show).toBe(counter.count);
      const shownOnHome = counter.items.map((entry) => entry.id);
      expect(filtered.body.map((entry) => entry.waitinglistid).slice(0, shownOnHome.length), show).toEqual(shownOnHome);
    }
    const atRiskOnly = await readOk<WaitingListEntry[]>(client, '/api/physician/waitinglist?show=atRisk&limit=1');
    expect(atRiskOnly.body.map((entry) => entry.waitinglistid)).toEqual(
      after.atRisk.items.slice(0, 1).map((entry) => entry.id),
    );
    const unknown = await client.get('/api/physician/waitinglist?show=everything');
    expect(unknown.status).toBe(400);
    expect(unknown.headers.get('content-type')).toContain('application/problem+json');
    const requests = await readOk<{ state: string }[]>(client, '/api/physician/requests');
    expect(after.awaitingAnswer.count).toBe(requests.body.filter((item) => item.state === 'reserved').length);
    // Another physician's home shows none of it.
    const other = (await readOk<PhysicianDashboard>(app.clients.physicianB, '/api/physician/dashboard')).body;
    expect(other.awaitingAnswer.items.map((item) => item.id)).not.toContain(request.id);
    expect(other.matches.items.map((entry) => entry.id)).not.toContain(matched);
  });

  test("the bank's home: the open request, then the reservation lapsing within a day, and expiring stock", async () => {
    const lot = await freeGraftOfX(app);
    const expiringLot = `DB-EXP-${randomUUID().slice(0, 6)}`;
    await app.server.database.db
      .insertInto('grafts')
      .values(
        graftRow(app.ids.euteX, {
          eLot: expiringLot,
          expiryOut: shiftDate(today(), 10),
          expiryDate: shiftDate(today(), 10),
        }),
      )
      .execute();
    const request = await requestGraft(app.clients.physicianA, { lot, patient_Code: 'C-03-2020' });
    const open = (await readOk<EuteDashboard>(app.clients.employeeX, '/api/euteemployee/dashboard')).body;
    expect(open.openRequests.items.map((item) => item.id)).toContain(request.id);
    expect(open.openRequests.byAge.day).toBeGreaterThanOrEqual(1);
    expect(open.expiring.items.map((graft) => graft.lot)).toContain(expiringLot);
    expect(open.expiring.within30).toBeGreaterThanOrEqual(1);
    expect(open.expiring.within30).toBeLessThanOrEqual(open.expiring.within60);
    expect(open.expiring.within60).toBeLessThanOrEqual(open.expiring.within90);
    const otherBank = (await readOk<EuteDashboard>(app.clients.employeeY, '/api/euteemployee/dashboard')).body;
    expect(otherBank.openRequests.items.map((item) => item.id)).not.toContain(request.id);
    expect(otherBank.expiring.items.map((graft) => graft.lot)).not.toContain(expiringLot);
    // Each expiring-stock counter links to the stock list filtered by `expiresWithin`: the same rows.
    for (const [days, count] of [
      [30, open.expiring.within30],
      [60, open.expiring.within60],
      [90, open.expiring.within90],
    ] as const) {
      const list = await readOk<{ e_Lot: string }[]>(
        app.clients.employeeX,
        `/api/euteemployee/currentdonations?expiresWithin=${days}&limit=500`,
      );
      expect(list.total, `${days} days`).toBe(count);
      expect(list.body.map((graft) => graft.e_Lot).slice(0, 1)).toEqual(
        open.expiring.items.slice(0, 1).map((g) => g.lot),
      );
    }
    const wrongDays = await app.clients.employeeX.get('/api/euteemployee/currentdonations?expiresWithin=-1');
    expect(wrongDays.status).toBe(400);

    await stepOk(app.clients.employeeX, 'euteemployee', request.id, 'reserve');
    const reserved = (await readOk<EuteDashboard>(app.clients.employeeX, '/api/euteemployee/dashboard')).body;
    expect(reserved.openRequests.items.map((item) => item.id)).not.toContain(request.id);
    expect(reserved.lapsing.items.map((item) => item.id)).toContain(request.id);
    expect(reserved.openRequests.count).toBe(open.openRequests.count - 1);
  });

  test('stock against demand: the cells add up to the stock and demand lists, cell by cell, on generated data', async () => {
    // Generated grafts of bank X across types and diameters (one decimal, so a band's list filter is exact).
    let seed = 7;
    const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    for (let index = 0; index < 60; index += 1) {
      const diameter = Math.round((5 + random() * 30) * 10) / 10;
      const expiry = shiftDate(today(), Math.floor(random() * 400) - 20);
      await app.server.database.db
        .insertInto('grafts')
        .values(
          graftRow(app.ids.euteX, {
            eLot: `HM-${index}-${randomUUID().slice(0, 6)}`,
            tProdName2: 1 + Math.floor(random() * 8),
            tDproximal: diameter,
            expiryOut: expiry,
            expiryDate: expiry,
          }),
        )
        .execute();
    }
    for (let index = 0; index < 8; index += 1) {
      const min = 5 + Math.floor(random() * 25);
      await entryFor(app.clients.physicianB, `C-04-20${10 + index}`, 10 + index, today(), {
        query_type: 1 + Math.floor(random() * 8),
        query_d_min: min,
        query_d_max: min + Math.floor(random() * 6),
      });
    }
    const home = (await readOk<EuteDashboard>(app.clients.employeeX, '/api/euteemployee/dashboard')).body;
    const cells = home.stockDemand;
    const sum = (pick: (cell: (typeof cells)[number]) => number) =>
      cells.reduce((total, cell) => total + pick(cell), 0);
    const stock = await readOk<unknown[]>(
      app.clients.employeeX,
      '/api/euteemployee/currentdonations?state=free&limit=1',
    );
    const demand = await readOk<WaitingListEntry[]>(app.clients.employeeX, '/api/euteemployee/waitinglist?limit=500');
    expect(sum((cell) => cell.stock)).toBe(stock.total);
    expect(sum((cell) => cell.demand)).toBe(demand.total);
    expect(sum((cell) => cell.demand)).toBe(demand.body.length);
    for (const cell of cells.filter((each) => each.band !== null && each.stock > 0)) {
      const band = cell.band!;
      const query = `state=free&type=${cell.type}&dMin=${band}&dMax=${band + DIAMETER_BAND_MM - 0.01}&limit=1`;
      const list = await readOk<unknown[]>(app.clients.employeeX, `/api/euteemployee/currentdonations?${query}`);
      expect(list.total, `type ${cell.type}, ${band} mm`).toBe(cell.stock);
    }
    for (const cell of cells.filter((each) => each.band !== null && each.demand > 0)) {
      const inCell = demand.body.filter(
        (entry) =>
          entry.query_Type === cell.type &&
          Math.floor((entry.query_d_min + entry.query_d_max) / 2 / DIAMETER_BAND_MM) * DIAMETER_BAND_MM === cell.band,
      );
      expect(inCell.length).toBe(cell.demand);
    }

    // A reservation takes its graft out of the free stock at once: its cell holds one less.
    const reservedLot = `HM-RES-${randomUUID().slice(0, 6)}`;
    await app.server.database.db
      .insertInto('grafts')
      .values(graftRow(app.ids.euteX, { eLot: reservedLot, tProdName2: 5, tDproximal: 22.5 }))
      .execute();
    const cellOf = (home: EuteDashboard) => home.stockDemand.find((each) => each.type === 5 && each.band === 20);
    const before = cellOf((await readOk<EuteDashboard>(app.clients.employeeX, '/api/euteemployee/dashboard')).body);
    const request = await requestGraft(app.clients.physicianA, { lot: reservedLot, patient_Code: 'NN-00-0000' });
    await stepOk(app.clients.employeeX, 'euteemployee', request.id, 'reserve');
    const after = cellOf((await readOk<EuteDashboard>(app.clients.employeeX, '/api/euteemployee/dashboard')).body);
    expect(after?.stock ?? 0).toBe((before?.stock ?? 0) - 1);
    const list = await readOk<unknown[]>(
      app.clients.employeeX,
      `/api/euteemployee/currentdonations?state=free&type=5&dMin=20&dMax=24.99&limit=1`,
    );
    expect(list.total).toBe(after?.stock ?? 0);
  });

  test("the admin's home: never-used accounts, failed mails as the outbox lists them; auditors read it only", async () => {
    const lockedUntil = new Date(Date.now() + 3_600_000).toISOString();
    await app.server.database.db
      .updateTable('users')
      .set({ lockedUntil })
      .where('id', '=', app.ids.users.physicianB)
      .execute();
    const added = await app.clients.admin.post('/api/admin/users/add', {
      email: `never-${randomUUID().slice(0, 6)}@example.com`,
      firstName: 'Nie',
      lastName: 'Angemeldet',
      eutes: [{ id: app.ids.euteX }],
    });
    expect(added.status, await added.clone().text()).toBe(201);
    const { id } = (await added.json()) as { id: string };
    const home = (await readOk<AdminDashboard>(app.clients.admin, '/api/admin/dashboard')).body;
    expect(home.readOnly).toBe(false);
    expect(home.neverLoggedIn.items.map((account) => account.id)).toContain(id);
    expect(home.neverLoggedIn.items.map((account) => account.id)).not.toContain(app.ids.users.physicianA);
    // The account counters link to the user list filtered by `show`: the same accounts.
    const never = await readOk<{ id: string }[]>(app.clients.admin, '/api/admin/users?show=never&limit=500');
    expect(never.total).toBe(home.neverLoggedIn.count);
    expect(never.body.map((user) => user.id).sort()).toEqual(home.neverLoggedIn.items.map((a) => a.id).sort());
    const locked = await readOk<{ id: string }[]>(app.clients.admin, '/api/admin/users?show=locked&limit=500');
    expect(locked.total).toBe(home.locked.count);
    expect(locked.body.map((user) => user.id)).toContain(app.ids.users.physicianB);
    expect(home.locked.items.map((account) => account.id)).toContain(app.ids.users.physicianB);
    expect(home.health).toMatchObject({ database: true, engine: app.server.database.engine });
    expect(home.latestAudit.map((event) => event.targetId)).toContain(id);
    const failed = await readOk<{ total: number }>(app.clients.admin, '/api/admin/mails?state=failed');
    expect(home.failedMails).toBe(failed.body.total);
    const auditor = (await readOk<AdminDashboard>(app.clients.auditor, '/api/admin/dashboard')).body;
    expect(auditor.readOnly).toBe(true);
  });

  test("the admin's home lists the FHIR subscriptions in error with their client and organisation, for admins and auditors", async () => {
    const db = app.server.database.db;
    const now = new Date().toISOString();
    const clientId = randomUUID();
    await db
      .insertInto('systemClients')
      .values({
        id: clientId,
        name: 'KIS Klinik A',
        organisationType: 'clinic',
        organisationId: app.ids.clinicA,
        jwksUrl: 'https://kis.example.org/jwks.json',
        jwks: null,
        scopes: 'system/Subscription.cruds',
        createdAt: now,
        createdBy: null,
        lastUsedAt: null,
        revokedAt: null,
        revokedBy: null,
      })
      .execute();
    const subscription = (status: 'error' | 'active', endpoint: string) => ({
      id: randomUUID(),
      clientId,
      organisationType: 'clinic' as const,
      organisationId: app.ids.clinicA,
      fhirVersion: 'R5' as const,
      topic: `${app.server.baseUrl}/api/fhir/R5/SubscriptionTopic/clinic-graft-state`,
      name: null,
      reason: null,
      endpoint,
      content: 'id-only' as const,
      heartbeatSeconds: null,
      status,
      failedAttempts: status === 'error' ? 5 : 0,
      lastError: status === 'error' ? 'HTTP 503' : null,
      errorSince: status === 'error' ? now : null,
      lastSentAt: null,
      lastDeliveredAt: null,
      createdAt: now,
      updatedAt: now,
      endedAt: null,
    });
    const failing = subscription('error', 'https://kis.example.org/fhir/failing');
    await db
      .insertInto('fhirSubscriptions')
      .values([failing, subscription('active', 'https://kis.example.org/fhir/working')])
      .execute();
    const clinic = await db
      .selectFrom('clinics')
      .select('cName')
      .where('id', '=', app.ids.clinicA)
      .executeTakeFirstOrThrow();

    const expected = {
      count: 1,
      items: [
        {
          id: failing.id,
          clientId,
          clientName: 'KIS Klinik A',
          organisationType: 'clinic',
          organisationId: app.ids.clinicA,
          organisationName: clinic.cName,
          endpoint: 'https://kis.example.org/fhir/failing',
          topic: failing.topic,
          lastError: 'HTTP 503',
          errorSince: now,
        },
      ],
    };
    for (const reader of [app.clients.admin, app.clients.auditor]) {
      const home = (await readOk<AdminDashboard>(reader, '/api/admin/dashboard')).body;
      expect(home.failingSubscriptions).toEqual(expected);
    }
    expect((await app.clients.physicianA.get('/api/admin/dashboard')).status).toBe(403);
  });
});
