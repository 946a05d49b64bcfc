import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { shiftDate, type PushAlertPayload, type PushDevice, type VigilanceReport } from '@graftmatch/domain';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from '../../app';
import { createDatabase, type Database } from '../../db/database';
import { createMailer } from '../../mail/mailer';
import { requestReminders } from '../reminders/reminders.service';
import { createTestUser, loginAs } from '../../../test/support/auth';
import {
  expectProblem,
  graftRow,
  startSeededApp,
  today,
  type SeededApp,
  clinicalToday,
} from '../../../test/support/clinical';
import { implantedRequest } from '../../../test/support/clinical-records';
import type { TestClient } from '../../../test/support/client';
import { testEngineName } from '../../../test/support/database';
import { pollUntil, startSmtpSink, type SmtpSink } from '../../../test/support/mail';
import { startLocalPushService, type LocalPushService } from '../../../test/support/push-service';
import { freeGraftOfX, requestGraft, stepOk } from '../../../test/support/requests';

// Web Push (docs/api.md "Alerts") against a local push service that checks every message as a
// browser vendor's would: the VAPID signature against the server's key, the aes128gcm body
// decrypted with the device's key. Each event with a clock reaches the device naming itself and
// its object, and nothing more; a device the service reports gone is removed; a busy service is
// tried again and the message arrives once.

const fast = { retryBaseMs: 100, pollMs: 100 };

async function subscribe(client: TestClient, service: LocalPushService, label = 'Test phone') {
  const device = service.subscribe();
  const answer = await client.post('/api/me/push-subscriptions', {
    endpoint: device.endpoint,
    keys: device.keys,
    label,
  });
  expect(answer.status, await answer.clone().text()).toBe(201);
  return { ...device, id: ((await answer.json()) as PushDevice).id };
}

describe(`Web Push to subscribed devices (${testEngineName()})`, () => {
  let app: SeededApp;
  let service: LocalPushService;
  let sink: SmtpSink;
  let physicianDevice: Awaited<ReturnType<typeof subscribe>>;
  let bankDevice: Awaited<ReturnType<typeof subscribe>>;

  const pushesTo = (device: string) => service.delivered.filter((push) => push.device === device);
  const awaitPush = (device: string, accept: (payload: PushAlertPayload) => boolean) =>
    pollUntil(
      async () => pushesTo(device).find((push) => accept(push.payload)),
      (found) => found !== undefined,
    ).then((found) => found!);

  beforeAll(async () => {
    sink = await startSmtpSink();
    const config = { smtpUrl: sink.url, vapidSubject: 'mailto:operator@graftmatch.test' };
    const keys = (await import('../../../test/support/app')).testConfig('').vapidKeys!;
    service = await startLocalPushService({ vapidPublicKey: keys.publicKey, subject: config.vapidSubject });
    app = await startSeededApp({ config, deps: { mailTimings: fast, pushAgent: service.agent } });
    await app.server.database.db.updateTable('users').set({ language: 'en' }).execute();
    physicianDevice = await subscribe(app.clients.physicianA, service, 'Chrome on Android');
    bankDevice = await subscribe(app.clients.employeeX, service, 'Firefox on Windows');
  }, 120_000);

  afterAll(async () => {
    await app?.server.close();
    await service?.close();
    await sink?.close();
  });

  test('the key is public to signed-in users; devices are listed, each user only their own', async () => {
    const key = await app.clients.physicianA.get('/api/push/vapid-public-key');
    expect(await key.json()).toEqual({ publicKey: expect.stringMatching(/^B[A-Za-z0-9_-]{86}$/) });
    await expectProblem(await app.clients.anonymous.get('/api/push/vapid-public-key'), 401);
    const listed = (await (await app.clients.physicianA.get('/api/me/push-subscriptions')).json()) as {
      items: PushDevice[];
    };
    expect(listed.items).toEqual([
      expect.objectContaining({ id: physicianDevice.id, label: 'Chrome on Android', thisDevice: true }),
    ]);
    await expectProblem(await app.clients.physicianB.delete(`/api/me/push-subscriptions/${physicianDevice.id}`), 404);
    await expectProblem(
      await app.clients.physicianA.post('/api/me/push-subscriptions', { endpoint: 'not a url', keys: {} }),
      400,
    );
    const stored = await app.server.database.db
      .selectFrom('pushSubscriptions')
      .select('auth')
      .where('id', '=', physicianDevice.id)
      .executeTakeFirstOrThrow();
    // The browser's auth secret is kept sealed.
    expect(stored.auth).not.toContain(physicianDevice.keys.auth);
  });

  test('each step with a clock reaches the other side’s device, signed, encrypted, naming the event and the object', async () => {
    const { physicianA, employeeX } = app.clients;
    const lot = await freeGraftOfX(app);
    const patientCode = 'P-11-2020';
    const request = await requestGraft(physicianA, { lot, patient_Code: patientCode, note: 'child, 4 kg' });
    const asked = await awaitPush(bankDevice.device, (payload) => payload.object === request.id);
    expect(asked.payload).toMatchObject({
      event: 'bankRequest',
      object: request.id,
      path: '/home/eute/requests',
      title: 'New graft request',
      body: expect.stringContaining(lot),
    });
    expect(asked.ttl).toBeGreaterThan(0);
    expect(asked.urgency).toBe('high');

    await stepOk(employeeX, 'euteemployee', request.id, 'reserve', { hours: 48 });
    const reserved = await awaitPush(physicianDevice.device, (payload) => payload.event === 'reservation');
    expect(reserved.payload).toMatchObject({ object: request.id, path: '/home/clinic/requests' });
    expect(reserved.payload.body).toMatch(new RegExp(`${lot}.*until`));

    await stepOk(physicianA, 'physician', request.id, 'confirm');
    const confirmed = await awaitPush(
      bankDevice.device,
      (payload) => payload.object === request.id && payload.title === 'Reservation confirmed',
    );
    expect(confirmed.payload.event).toBe('bankRequest');

    // Only what the notification shows: no patient code and no free text ever leaves in a push.
    for (const push of service.delivered) {
      expect(JSON.stringify(push.payload)).not.toContain(patientCode);
      expect(JSON.stringify(push.payload)).not.toContain('4 kg');
      expect(Object.keys(push.payload).sort()).toEqual(['body', 'event', 'id', 'object', 'path', 'title']);
    }
    expect(service.rejected).toEqual([]);
  });

  test('a SAR notification reaches the bank’s device; a reminder reaches the device of whom it reminds', async () => {
    const implanted = await implantedRequest(app, clinicalToday());
    const created = await app.clients.physicianA.post('/api/vigilance/reports', {
      kind: 'SAR',
      lot: implanted.lot,
      description: 'Fever after implantation.',
    });
    const report = (await created.json()) as VigilanceReport;
    await app.clients.physicianA.patch(`/api/vigilance/reports/${report.id}`, {
      sarNotification: {
        reactionDate: clinicalToday(),
        reactionType: 'Transmission of a bacterial infection',
        imputability: 'possible',
        severity: 'serious',
        mitigatingMeasures: 'None yet.',
      },
    });
    const submitted = await app.clients.physicianA.post(`/api/vigilance/reports/${report.id}/submit-notification`, {});
    expect(submitted.status, await submitted.clone().text()).toBe(200);
    const told = await awaitPush(bankDevice.device, (payload) => payload.object === report.id);
    expect(told.payload).toMatchObject({
      event: 'vigilance',
      title: 'SAR notification submitted',
      path: `/home/vigilance/${report.id}`,
    });

    // An unanswered request, five hours later: the reminders job reminds the bank.
    const lot = await freeGraftOfX(app);
    await requestGraft(app.clients.physicianB, { lot, patient_Code: 'Q-02-2020' });
    const later = new Date(Date.now() + 5 * 3_600_000);
    const config = app.server.config;
    await requestReminders({
      db: app.server.database.db,
      now: () => later,
      // Queued now, so the app's worker sends at once what the job found at its later hour.
      mailer: createMailer(config, { now: () => new Date() }),
      push: { publish: () => undefined },
      publicUrl: config.publicUrl,
    });
    const reminded = await awaitPush(bankDevice.device, (payload) => payload.event === 'reminder');
    expect(reminded.payload.body).toContain(lot);
  });

  test('a device the push service reports gone (410) is removed; a busy one (503) is tried again and gets the message once', async () => {
    const { physicianB, employeeY } = app.clients;
    const gone = await subscribe(employeeY, service, 'Old tablet');
    const busy = await subscribe(physicianB, service, 'Busy phone');
    service.answers.set(gone.device, [410]);
    service.answers.set(busy.device, [503]);

    const expiry = shiftDate(today(), 365);
    const lot = `PY-${randomUUID().slice(0, 8)}`;
    await app.server.database.db
      .insertInto('grafts')
      .values(graftRow(app.ids.euteY, { eLot: lot, tDproximal: 20.5, expiryOut: expiry, expiryDate: expiry }))
      .execute();
    const request = await requestGraft(physicianB, { lot, patient_Code: 'G-01-2020' });
    await pollUntil(
      () =>
        app.server.database.db
          .selectFrom('pushSubscriptions')
          .select('id')
          .where('id', '=', gone.id)
          .executeTakeFirst(),
      (row) => row === undefined,
    );
    expect(pushesTo(gone.device)).toEqual([]);

    await stepOk(employeeY, 'euteemployee', request.id, 'reserve', { hours: 24 });
    await awaitPush(busy.device, (payload) => payload.object === request.id);
    // One more poll's time: a second delivery would show now.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(pushesTo(busy.device).filter((push) => push.payload.object === request.id)).toHaveLength(1);
    expect(service.attempts.get(busy.device)).toBe(2);
  });

  test('logging out of a device ends its subscription; deactivating a user ends all of theirs', async () => {
    const user = await createTestUser(app.server, { clinicIds: [app.ids.clinicA], lastName: 'Leaver' });
    const first = await loginAs(app.server, user.email);
    const second = await loginAs(app.server, user.email);
    const onFirst = await subscribe(first, service, 'First');
    const onSecond = await subscribe(second, service, 'Second');
    expect((await first.get('/api/users/logout')).status).toBe(204);
    const left = await app.server.database.db
      .selectFrom('pushSubscriptions')
      .select('id')
      .where('userId', '=', user.id)
      .execute();
    expect(left.map((row) => row.id)).toEqual([onSecond.id]);
    expect(onFirst.id).not.toBe(onSecond.id);
    expect((await app.clients.admin.get(`/api/admin/user/deactivate/${user.id}`)).status).toBe(200);
    expect(
      await app.server.database.db.selectFrom('pushSubscriptions').select('id').where('userId', '=', user.id).execute(),
    ).toEqual([]);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('Web Push with two instances (postgres)', () => {
  let app: SeededApp;
  let service: LocalPushService;
  let secondDatabase: Database;
  let second: FastifyInstance;

  beforeAll(async () => {
    const keys = (await import('../../../test/support/app')).testConfig('').vapidKeys!;
    service = await startLocalPushService({
      vapidPublicKey: keys.publicKey,
      subject: 'mailto:operator@graftmatch.test',
    });
    app = await startSeededApp({ deps: { mailTimings: fast, pushAgent: service.agent } });
    secondDatabase = createDatabase(app.server.target);
    second = await buildApp({
      config: app.server.config,
      database: secondDatabase,
      webRoot: null,
      mailTimings: fast,
      pushAgent: service.agent,
    });
  }, 120_000);

  afterAll(async () => {
    await second?.close();
    await secondDatabase?.close();
    await app?.server.close();
    await service?.close();
  });

  test('each of 60 pushes, some refused once with 503, arrives exactly once', async () => {
    const device = await subscribe(app.clients.employeeX, service);
    service.answers.set(device.device, [503, 503, 503]);
    const mailer = createMailer(app.server.config, { now: () => new Date() });
    const ids: string[] = [];
    for (let index = 0; index < 60; index++) {
      const id = randomUUID();
      ids.push(id);
      const payload: PushAlertPayload = {
        event: 'bankRequest',
        id,
        title: `Request ${index}`,
        body: 'A request',
        path: '/home/eute/requests',
        object: id,
      };
      await mailer.enqueue(app.server.database.db, {
        kind: 'push',
        to: device.id,
        subject: 'bankRequest',
        text: JSON.stringify(payload),
        html: '',
      });
    }
    await pollUntil(
      async () => service.delivered.filter((push) => push.device === device.device).length,
      (count) => count >= 60,
      { timeoutMs: 30_000 },
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    const arrived = service.delivered.filter((push) => push.device === device.device).map((push) => push.payload.id);
    expect(arrived.sort()).toEqual(ids.sort());
  });
});
