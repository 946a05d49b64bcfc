import {
  addDays,
  DEFAULT_TIME_ZONE,
  formatInstantInZone,
  type Notification,
  type NotificationPage,
} from '@graftmatch/domain';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createAfterAnswer } from '../../http/after-answer';
import { expectProblem, startSeededApp, DEMO, type SeededApp } from '../../../test/support/clinical';
import type { TestClient } from '../../../test/support/client';
import { testEngineName } from '../../../test/support/database';
import { csvFile, graftCells, uploadImport } from '../../../test/support/imports';
import { startSmtpSink, type SmtpSink } from '../../../test/support/mail';
import { connectPush, type PushClient } from '../../../test/support/push';
import { DELIVERY, entryFor, freeGraftOfX, requestGraft, step, stepOk } from '../../../test/support/requests';
import { deleteExpiredNotifications } from './notifications.service';

// The notification centre (docs/api.md "Notifications"): what concerns a user is stored for them in
// the transaction of its cause and pushed after it; each reads and marks only their own; a
// reservation, a decline and a delivery also reach the physician by mail, naming lot and deadline.

const page = async (client: TestClient, query = '') => {
  const answer = await client.get(`/api/notifications${query}`);
  expect(answer.status, await answer.clone().text()).toBe(200);
  return (await answer.json()) as NotificationPage;
};
const markRead = async (client: TestClient, body: unknown) => {
  const answer = await client.post('/api/notifications/read', body);
  expect(answer.status, await answer.clone().text()).toBe(200);
  return (await answer.json()) as { marked: number; unread: number };
};
const ofRequest = (items: Notification[], id: string) =>
  items.filter((item) => item.kind === 'request' && item.payload.id === id);

describe(`the notification centre (${testEngineName()})`, () => {
  let sink: SmtpSink;
  let app: SeededApp;
  let pushA: PushClient;
  const afterAnswer = createAfterAnswer(console);

  beforeAll(async () => {
    sink = await startSmtpSink();
    app = await startSeededApp({
      config: { smtpUrl: sink.url },
      deps: { mailTimings: { retryBaseMs: 100, pollMs: 200 }, afterAnswer },
    });
    pushA = await connectPush(app.clients.physicianA);
  }, 120_000);
  afterAll(async () => {
    await pushA?.connection.stop();
    await app?.server.close();
    await sink?.close();
  });

  test('a reservation reaches the physician at once: pushed, stored unread, and mailed with lot and deadline', async () => {
    const { physicianA, employeeX } = app.clients;
    const lot = await freeGraftOfX(app);
    const request = await requestGraft(physicianA, { lot, patient_Code: 'N-01-2021' });
    // The bank's employees hear of the new request.
    expect(ofRequest((await page(employeeX)).items, request.id)).toMatchObject([
      { payload: { lot, state: 'requested' }, link: '/home/eute/requests', readAt: null },
    ]);

    const reserved = await stepOk(employeeX, 'euteemployee', request.id, 'reserve', { hours: 5 });
    const pushed = await pushA.next('notification', (m) => m.args[0].payload.id === request.id);
    expect(pushed.args[0]).toMatchObject({ kind: 'request', payload: { lot, state: 'reserved' } });
    const mine = await page(physicianA, '?unread=true');
    const [stored] = ofRequest(mine.items, request.id);
    expect(stored).toEqual(pushed.args[0]);
    expect(stored).toMatchObject({
      link: '/home/clinic/requests',
      payload: { state: 'reserved', deadline: reserved.deadline },
      readAt: null,
    });
    expect(mine.unread).toBeGreaterThanOrEqual(1);

    const mail = await sink.waitFor((m) => m.to.includes(DEMO.physicianA) && m.subject.includes(lot));
    expect(mail.subject).toContain('reserved');
    // In the physician's clinic's zone (the demo clinics are in Berlin), docs/decisions.md "Time zones".
    expect(mail.text).toContain(formatInstantInZone(reserved.deadline ?? '', DEFAULT_TIME_ZONE, 'en'));
  });

  test('a decline and a delivery reach the physician too; the physician’s own steps reach the bank', async () => {
    const { physicianA, employeeX } = app.clients;
    const declinedLot = await freeGraftOfX(app);
    const declined = await requestGraft(physicianA, { lot: declinedLot, patient_Code: 'N-02-2021' });
    await stepOk(employeeX, 'euteemployee', declined.id, 'decline', { reason: 'Promised to another centre' });
    const declineMail = await sink.waitFor((m) => m.to.includes(DEMO.physicianA) && m.subject.includes(declinedLot));
    expect(declineMail.subject).toContain('declined');
    expect(declineMail.text).toContain('Promised to another centre');
    expect(ofRequest((await page(physicianA)).items, declined.id)).toMatchObject([
      { payload: { state: 'declined', reason: 'Promised to another centre' } },
    ]);

    const lot = await freeGraftOfX(app);
    const request = await requestGraft(physicianA, { lot, patient_Code: 'N-03-2021' });
    await stepOk(employeeX, 'euteemployee', request.id, 'reserve', { hours: 24 });
    await stepOk(physicianA, 'physician', request.id, 'confirm');
    expect(ofRequest((await page(employeeX)).items, request.id).map((n) => n.payload.state)).toEqual([
      'confirmed',
      'requested',
    ]);
    await stepOk(employeeX, 'euteemployee', request.id, 'assign');
    await stepOk(employeeX, 'euteemployee', request.id, 'deliver', DELIVERY);
    const delivered = await sink.waitFor(
      (m) => m.to.includes(DEMO.physicianA) && m.subject.includes(lot) && m.subject.includes('delivered'),
    );
    expect(delivered.text).toContain(lot);
    // Newest first: delivered, assigned, reserved.
    expect(ofRequest((await page(physicianA)).items, request.id).map((n) => n.payload.state)).toEqual([
      'delivered',
      'assigned',
      'reserved',
    ]);
  });

  test('a competitor declined by another request’s assignment is told and mailed too', async () => {
    const { physicianA, physicianB, employeeX } = app.clients;
    const lot = await freeGraftOfX(app);
    const winner = await requestGraft(physicianA, { lot, patient_Code: 'N-06-2021' });
    const loser = await requestGraft(physicianB, { lot, patient_Code: 'N-07-2021' });
    await stepOk(employeeX, 'euteemployee', winner.id, 'reserve', { hours: 24 });
    await stepOk(physicianA, 'physician', winner.id, 'confirm');
    await stepOk(employeeX, 'euteemployee', winner.id, 'assign');
    expect(ofRequest((await page(physicianB)).items, loser.id)).toMatchObject([
      { payload: { state: 'declined', reason: 'The graft was assigned to another request.' }, readAt: null },
    ]);
    const mail = await sink.waitFor((m) => m.to.includes(DEMO.physicianB) && m.subject.includes(lot));
    // Dr. Kaya reads German.
    expect(mail.subject).toBe(`GraftMatch: Ihre Anfrage für Graft ${lot} wurde abgelehnt`);
  });

  test('a refused step stores nothing: the notification commits or rolls back with its cause', async () => {
    const { physicianA, employeeX } = app.clients;
    const lot = await freeGraftOfX(app);
    const request = await requestGraft(physicianA, { lot, patient_Code: 'N-04-2021' });
    const before = (await page(employeeX)).total;
    await expectProblem(await step(physicianA, 'physician', request.id, 'confirm'), 409);
    expect((await page(employeeX)).total).toBe(before);
  });

  test('each reads and marks only their own; one, then all, read; the unread filter and pages', async () => {
    const { physicianA, physicianB } = app.clients;
    const own = await page(physicianA);
    const ofB = await page(physicianB);
    const idsOfA = own.items.map((item) => item.id);
    expect(ofB.items.map((item) => item.id).filter((id) => idsOfA.includes(id))).toEqual([]);

    // B cannot mark A's: nothing is marked, and A's stay unread.
    expect(await markRead(physicianB, { ids: idsOfA })).toMatchObject({ marked: 0 });
    expect((await page(physicianA)).unread).toBe(own.unread);

    const [first, second] = (await page(physicianA, '?unread=true&limit=2')).items;
    expect(first && second).toBeTruthy();
    expect(await markRead(physicianA, { ids: [first?.id] })).toEqual({ marked: 1, unread: own.unread - 1 });
    const after = await page(physicianA, '?unread=true');
    expect(after.items.map((item) => item.id)).not.toContain(first?.id);
    expect(after.total).toBe(own.unread - 1);
    expect((await page(physicianA)).items.find((item) => item.id === first?.id)?.readAt).toEqual(expect.any(String));

    const paged = await page(physicianA, '?limit=1&offset=1');
    expect(paged).toMatchObject({ limit: 1, offset: 1, total: own.total });
    expect(paged.items.map((item) => item.id)).toEqual([own.items[1]?.id]);

    expect(await markRead(physicianA, { all: true })).toEqual({ marked: own.unread - 1, unread: 0 });
    expect(await page(physicianA, '?unread=true')).toMatchObject({ items: [], total: 0, unread: 0 });
    expect((await page(physicianB)).unread).toBe(ofB.unread);
  });

  test('bad input answers 400 and no caller 401, as problem+json', async () => {
    const { physicianA, anonymous } = app.clients;
    for (const body of [{}, { ids: [] }, { all: false }, { ids: ['x'] }, { ids: [randomUUID()], all: true }, []]) {
      await expectProblem(await physicianA.post('/api/notifications/read', body), 400);
    }
    for (const query of ['?unread=maybe', '?limit=0', '?limit=501', '?offset=-1']) {
      await expectProblem(await physicianA.get(`/api/notifications${query}`), 400);
    }
    await expectProblem(await anonymous.get('/api/notifications'), 401);
    await expectProblem(await anonymous.post('/api/notifications/read', { all: true }), 401);
  });

  test('an admin’s test alert lands in every active user’s centre; the auditor reads and marks their own', async () => {
    const { admin, auditor, physicianB } = app.clients;
    const alert = await admin.post('/api/admin/testR', { message: 'Centre check' });
    // Only physician A holds a push connection; every active user gets the stored notification.
    const active = await app.server.database.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('active', '=', 1)
      .executeTakeFirstOrThrow();
    expect(await alert.json()).toEqual({ connectedUsers: 1, notifiedUsers: Number(active.count) });
    for (const client of [physicianB, auditor, admin]) {
      expect((await page(client)).items[0]).toMatchObject({ kind: 'testAlert', payload: { message: 'Centre check' } });
    }
    const { unread } = await page(auditor);
    expect(await markRead(auditor, { all: true })).toEqual({ marked: unread, unread: 0 });
  });

  test('a match found by an import waits in the centre of a physician with no push connection', async () => {
    const { physicianB, employeeX } = app.clients;
    const entry = await entryFor(physicianB, 'N-05-2021', 30);
    const lot = `NM-${randomUUID().slice(0, 6)}`;
    const answer = await uploadImport(employeeX, csvFile([graftCells(lot, { t_Dproximal: 20.5, t_Lmax: 55 })]));
    expect(answer.status).toBe(200);
    await afterAnswer.drain();
    const match = (await page(physicianB, '?unread=true')).items.find((item) => item.kind === 'match');
    expect(match).toMatchObject({
      link: `/home/clinic/graft/${lot}`,
      payload: { lot, waitinglistids: [entry], patientCodes: ['N-05-2021'] },
      readAt: null,
    });
  });

  test('an import made by someone else reaches the bank’s employees; the importer is not told what they saw', async () => {
    const { admin, employeeX, employeeY } = app.clients;
    const imports = async (client: TestClient) => (await page(client)).items.filter((item) => item.kind === 'import');
    const [beforeX, beforeY, beforeAdmin] = [await imports(employeeX), await imports(employeeY), await imports(admin)];
    const lot = `NI-${randomUUID().slice(0, 6)}`;
    const answer = await uploadImport(admin, csvFile([graftCells(lot)]), { bank: app.ids.euteX });
    expect(answer.status).toBe(200);
    const { id } = (await answer.json()) as { id: string };
    const [newest] = await imports(employeeX);
    expect(newest).toMatchObject({
      link: `/home/imports/logs/${id}`,
      payload: { importId: id, inserted: 1, updated: 0, failed: 0 },
      readAt: null,
    });
    expect((await imports(employeeX)).length).toBe(beforeX.length + 1);
    expect((await imports(employeeY)).length).toBe(beforeY.length);
    expect((await imports(admin)).length).toBe(beforeAdmin.length);

    // The employee's own import: the answer tells them, the centre does not.
    const own = await uploadImport(employeeX, csvFile([graftCells(`NO-${randomUUID().slice(0, 6)}`)]));
    expect(own.status).toBe(200);
    expect((await imports(employeeX)).length).toBe(beforeX.length + 1);
  });

  test('notifications are kept 90 days; the audit log is never swept', async () => {
    const { db } = app.server.database;
    const now = new Date();
    const userId = app.ids.users.physicianA;
    const row = (days: number) => ({
      id: randomUUID(),
      userId,
      kind: 'testAlert',
      link: null,
      payload: '{"message":"old"}',
      createdAt: addDays(now, -days).toISOString(),
      readAt: null,
    });
    const old = row(91);
    const recent = row(89);
    await db.insertInto('notifications').values([old, recent]).execute();
    const auditRows = async () =>
      Number(
        (
          await db
            .selectFrom('auditLog')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const audited = await auditRows();

    expect(await deleteExpiredNotifications({ db, now: () => now })).toBeGreaterThanOrEqual(1);
    const left = await db.selectFrom('notifications').select('id').where('id', 'in', [old.id, recent.id]).execute();
    expect(left.map((r) => r.id)).toEqual([recent.id]);
    expect(await auditRows()).toBe(audited);
  });
});
