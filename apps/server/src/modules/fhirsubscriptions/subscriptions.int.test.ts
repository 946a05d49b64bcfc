import { randomInt, randomUUID } from 'node:crypto';
import { shiftDate, type VigilanceReport } from '@graftmatch/domain';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graftRow, startSeededApp, today, type SeededApp } from '../../../test/support/clinical';
import { testEngineName } from '../../../test/support/database';
import { startFhirReceiver, statusOf, type FhirReceiver, type Json } from '../../../test/support/fhir-receiver';
import { closeFhirValidator, validateFhir } from '../../../test/support/fhir-validator';
import { validateFhirR4 } from '../../../test/support/fhir-r4-validator';
import { pollUntil } from '../../../test/support/mail';
import { freeGraftOfX, requestGraft, stepOk, uniquePatientCode } from '../../../test/support/requests';
import { registerSystem, systemToken, type TestSystem } from '../../../test/support/system-clients';
import { createMailer } from '../../mail/mailer';
import { sendDueHeartbeats } from './subscriptions.heartbeat';
import { FAILURES_BEFORE_ERROR } from './subscriptions.deliver';

// FHIR subscriptions (docs/fhir.md "Subscriptions"): a clinic's hospital system and a bank's lab
// system subscribe endpoints on this machine; an assignment reaches the clinic's and a request and
// a quarantine the bank's within 5 s, each a notification Bundle that validates; a refused one is
// retried once the endpoint answers again, the subscription in error meanwhile; heartbeats, $status
// and the end of a subscription; R4 clients get the Subscriptions Backport's Bundles.

const TOPICS = {
  clinic: 'https://graftmatch.org/fhir/SubscriptionTopic/clinic-graft-state',
  bank: 'https://graftmatch.org/fhir/SubscriptionTopic/bank-graft-events',
};
const DELIVERY_WITHIN_MS = 5_000;
const fast = { retryBaseMs: 100, pollMs: 100 };

describe(`FHIR subscriptions (${testEngineName()})`, () => {
  let app: SeededApp;
  let hospital: TestSystem;
  let lab: TestSystem;
  let hospitalToken: string;
  let labToken: string;
  const receivers: FhirReceiver[] = [];

  const fhir = (token: string, method: string, path: string, body?: Json, version = 'R5') =>
    fetch(`${app.server.baseUrl}/api/fhir/${version}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body ? { 'content-type': 'application/fhir+json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });

  async function fhirJson(answer: Response, status = 200): Promise<Json> {
    expect(answer.status, await answer.clone().text()).toBe(status);
    expect(answer.headers.get('content-type')).toMatch(/^application\/fhir\+json/);
    return (await answer.json()) as Json;
  }

  async function receiver(): Promise<FhirReceiver> {
    const started = await startFhirReceiver();
    receivers.push(started);
    return started;
  }

  const r5Subscription = (topic: string, endpoint: string, extra: Json = {}): Json => ({
    resourceType: 'Subscription',
    status: 'requested',
    topic,
    reason: 'Implant documentation',
    channelType: { system: 'http://terminology.hl7.org/CodeSystem/subscription-channel-type', code: 'rest-hook' },
    endpoint,
    contentType: 'application/fhir+json',
    content: 'full-resource',
    ...extra,
  });

  async function subscribe(token: string, body: Json): Promise<Json> {
    const created = await fhirJson(await fhir(token, 'POST', '/Subscription', body), 201);
    expect(await validateFhir(created)).toEqual([]);
    return created;
  }

  const productIdOf = async (lot: string) =>
    (await app.server.database.db.selectFrom('grafts').select('id').where('eLot', '=', lot).executeTakeFirstOrThrow())
      .id;

  /** The notifications `endpoint` received of events (not heartbeats) about `graftId`. */
  const eventsAbout = (endpoint: FhirReceiver, graftId: string) =>
    endpoint.received.filter((notification) =>
      statusOf(notification).notificationEvent?.some((event) => event.focus?.reference.endsWith(`/${graftId}`)),
    );

  beforeAll(async () => {
    app = await startSeededApp({ deps: { mailTimings: fast } });
    hospital = await registerSystem(app, `clinic/${app.ids.clinicA}`, 'Hospital information system', [
      'system/BiologicallyDerivedProduct.rs',
      'system/Procedure.rs',
    ]);
    lab = await registerSystem(app, `eute/${app.ids.euteX}`, 'Lab system', ['system/*.rs']);
    hospitalToken = await systemToken(app, hospital, 'system/BiologicallyDerivedProduct.rs');
    labToken = await systemToken(app, lab, 'system/*.rs');
  }, 180_000);
  afterAll(async () => {
    await app?.server.close();
    await Promise.all(receivers.map((each) => each.close()));
    await closeFhirValidator();
  });

  it('serves the two topics, and makes, reads and lists a client’s own subscription', async () => {
    const topics = await fhirJson(await fhir(labToken, 'GET', '/SubscriptionTopic'));
    expect(await validateFhir(topics), JSON.stringify(topics)).toEqual([]);
    expect((topics.entry as { resource: Json }[]).map((entry) => entry.resource.url)).toEqual([
      TOPICS.clinic,
      TOPICS.bank,
    ]);
    const endpoint = await receiver();
    const answer = await fhir(hospitalToken, 'POST', '/Subscription', r5Subscription(TOPICS.clinic, endpoint.url));
    const created = await fhirJson(answer, 201);
    expect(answer.headers.get('location')).toMatch(new RegExp(`/api/fhir/R5/Subscription/${String(created.id)}$`));
    expect(created).toMatchObject({
      status: 'active',
      topic: TOPICS.clinic,
      endpoint: endpoint.url,
      content: 'full-resource',
    });
    expect(await fhirJson(await fhir(hospitalToken, 'GET', `/Subscription/${String(created.id)}`))).toEqual(created);
    const listed = await fhirJson(await fhir(hospitalToken, 'GET', '/Subscription'));
    expect((listed.entry as { resource: Json }[]).map((entry) => entry.resource.id)).toContain(created.id);
    const ofLab = await fhirJson(await fhir(labToken, 'GET', '/Subscription'));
    expect((ofLab.entry as unknown[] | undefined) ?? []).not.toContainEqual(
      expect.objectContaining({ resource: expect.objectContaining({ id: created.id }) }),
    );
  });

  it('refuses people, API keys, another’s subscription, topics of another kind and unsafe endpoints, each in words', async () => {
    const endpoint = await receiver();
    const body = r5Subscription(TOPICS.bank, endpoint.url);
    const asPerson = await app.clients.employeeX.post('/api/fhir/R5/Subscription', body);
    expect(asPerson.status).toBe(403);
    expect(((await asPerson.json()) as Json).resourceType).toBe('OperationOutcome');
    const mine = await subscribe(labToken, body);
    await fhirJson(await fhir(hospitalToken, 'GET', `/Subscription/${String(mine.id)}`), 404);
    await fhirJson(await fhir(hospitalToken, 'DELETE', `/Subscription/${String(mine.id)}`), 404);
    const refusals: [Json, RegExp][] = [
      [r5Subscription(TOPICS.bank, endpoint.url), /another kind of organisation/],
      [r5Subscription(`${TOPICS.clinic}-x`, endpoint.url), /Unknown topic/],
      [r5Subscription(TOPICS.clinic, 'http://hospital.example/hook'), /https/],
      [r5Subscription(TOPICS.clinic, endpoint.url, { content: 'everything' }), /content/],
      [r5Subscription(TOPICS.clinic, endpoint.url, { heartbeatPeriod: 5 }), /heartbeatPeriod/],
      [r5Subscription(TOPICS.clinic, endpoint.url, { filterBy: [{ filterParameter: 'lot', value: 'x' }] }), /filterBy/],
      [r5Subscription(TOPICS.clinic, endpoint.url, { channelType: { code: 'websocket' } }), /rest-hook/],
    ];
    for (const [refused, words] of refusals) {
      const outcome = await fhirJson(await fhir(hospitalToken, 'POST', '/Subscription', refused), 400);
      expect(JSON.stringify(outcome)).toMatch(words);
    }
    await fhirJson(await fhir(hospitalToken, 'POST', '/Subscription', { resourceType: 'Patient' }), 400);
    const narrow = await systemToken(app, hospital, 'system/Procedure.rs');
    const unscoped = await fhirJson(
      await fhir(narrow, 'POST', '/Subscription', r5Subscription(TOPICS.clinic, endpoint.url)),
      403,
    );
    expect(JSON.stringify(unscoped)).toMatch(/BiologicallyDerivedProduct\.r/);
  });

  it('answers random and half-right Subscriptions of a system client in words, never 5xx, in either version', async () => {
    const endpoint = await receiver();
    const member = fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.constantFrom(TOPICS.clinic, endpoint.url, 'rest-hook'));
    const fields = [
      'resourceType',
      'topic',
      'criteria',
      'channelType',
      'channel',
      'endpoint',
      'content',
      'heartbeatPeriod',
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('R5', 'R4'),
        fc.oneof(
          fc.dictionary(fc.constantFrom(...fields), member, { maxKeys: fields.length }),
          fc.jsonValue({ maxDepth: 3 }),
        ),
        async (version, body) => {
          const answer = await fhir(hospitalToken, 'POST', '/Subscription', body as Json, version);
          expect(answer.status, JSON.stringify(body)).toBeLessThan(500);
          if (answer.status >= 400) {
            expect(answer.headers.get('content-type')).toMatch(/^application\/fhir\+json/);
            expect(await answer.json()).toMatchObject({ resourceType: 'OperationOutcome' });
          } else {
            await answer.arrayBuffer();
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('an assignment reaches the clinic’s subscriber, and the request the bank’s, within 5 s, as Bundles that validate', async () => {
    const clinicEndpoint = await receiver();
    const bankEndpoint = await receiver();
    const clinicSubscription = await subscribe(hospitalToken, r5Subscription(TOPICS.clinic, clinicEndpoint.url));
    await subscribe(labToken, r5Subscription(TOPICS.bank, bankEndpoint.url, { content: 'id-only' }));
    const lot = await freeGraftOfX(app);
    const graftId = await productIdOf(lot);
    const requested = await requestGraft(app.clients.physicianA, { lot, patient_Code: uniquePatientCode() });
    const requestedAt = Date.now();
    await stepOk(app.clients.employeeX, 'euteemployee', requested.id, 'reserve');
    await stepOk(app.clients.physicianA, 'physician', requested.id, 'confirm');
    await stepOk(app.clients.employeeX, 'euteemployee', requested.id, 'assign');
    const assignedAt = Date.now();

    const [assignment] = await pollUntil(
      async () => eventsAbout(clinicEndpoint, graftId),
      (found) => found.length > 0,
    );
    expect(assignment!.at - assignedAt).toBeLessThan(DELIVERY_WITHIN_MS);
    expect(assignment!.contentType).toMatch(/^application\/fhir\+json/);
    expect(await validateFhir(assignment!.bundle)).toEqual([]);
    expect(assignment!.bundle).toMatchObject({ resourceType: 'Bundle', type: 'subscription-notification' });
    expect(statusOf(assignment!)).toMatchObject({
      type: 'event-notification',
      status: 'active',
      topic: TOPICS.clinic,
      subscription: { reference: expect.stringMatching(new RegExp(`/Subscription/${String(clinicSubscription.id)}$`)) },
      notificationEvent: [{ eventNumber: '1' }],
    });
    // full-resource: the graft itself, as the clinic reads it now.
    const product = (assignment!.bundle.entry as { resource: Json }[])[1]!.resource;
    expect(product).toMatchObject({ resourceType: 'BiologicallyDerivedProduct', id: graftId });

    const [request] = await pollUntil(
      async () => eventsAbout(bankEndpoint, graftId),
      (found) => found.length > 0,
    );
    expect(request!.at - requestedAt).toBeLessThan(DELIVERY_WITHIN_MS);
    expect(await validateFhir(request!.bundle)).toEqual([]);
    // id-only: the focus named, nothing more.
    expect(request!.bundle.entry as unknown[]).toHaveLength(1);
  });

  it('a quarantine reaches the bank’s subscriber within 5 s for each graft it takes', async () => {
    const endpoint = await receiver();
    await subscribe(labToken, r5Subscription(TOPICS.bank, endpoint.url));
    const db = app.server.database.db;
    const donation = `2026${String(randomInt(0, 999_999_999)).padStart(9, '0')}`;
    const expiry = shiftDate(today(), 365).replaceAll('-', '');
    const rows = [1, 2].map((split) =>
      graftRow(app.ids.euteX, {
        eLot: `SQ-${randomUUID().slice(0, 8)}`,
        xSec: `DE000123 ${donation} E0042105 ${String(split).padStart(3, '0')} ${expiry}`,
      }),
    );
    await db.insertInto('grafts').values(rows).execute();
    const created = await app.clients.employeeX.post('/api/vigilance/reports', { kind: 'SAE', lot: rows[0]!.eLot });
    expect(created.status, await created.clone().text()).toBe(201);
    const report = (await created.json()) as VigilanceReport;
    const quarantined = await app.clients.employeeX.post(`/api/vigilance/reports/${report.id}/quarantine`, {});
    expect(quarantined.status, await quarantined.clone().text()).toBe(200);
    const quarantinedAt = Date.now();
    for (const row of rows) {
      const graftId = await productIdOf(row.eLot);
      const [notification] = await pollUntil(
        async () => eventsAbout(endpoint, graftId),
        (found) => found.length > 0,
      );
      expect(notification!.at - quarantinedAt).toBeLessThan(DELIVERY_WITHIN_MS);
      expect(await validateFhir(notification!.bundle)).toEqual([]);
      const product = (notification!.bundle.entry as { resource: Json }[])[1]!.resource;
      expect(product, JSON.stringify(product)).toMatchObject({ id: graftId, productStatus: { code: 'unavailable' } });
    }
  });

  it('a refused notification is retried once the endpoint answers again; in error meanwhile, for $status and the admin', async () => {
    const endpoint = await receiver();
    endpoint.status = 503;
    const subscription = await subscribe(labToken, r5Subscription(TOPICS.bank, endpoint.url, { content: 'id-only' }));
    const id = String(subscription.id);
    const lot = await freeGraftOfX(app);
    const graftId = await productIdOf(lot);
    await requestGraft(app.clients.physicianB, { lot, patient_Code: uniquePatientCode() });
    await pollUntil(
      () =>
        app.server.database.db
          .selectFrom('fhirSubscriptions')
          .select(['status', 'failedAttempts'])
          .where('id', '=', id)
          .executeTakeFirstOrThrow(),
      (row) => row.status === 'error' && row.failedAttempts >= FAILURES_BEFORE_ERROR,
      { timeoutMs: 20_000 },
    );
    const status = await fhirJson(await fhir(labToken, 'GET', `/Subscription/${id}/$status`));
    expect(await validateFhir(status)).toEqual([]);
    expect((status.entry as { resource: Json }[])[0]!.resource).toMatchObject({
      type: 'query-status',
      status: 'error',
      eventsSinceSubscriptionStart: '1',
      error: [{ text: expect.stringMatching(/503/) }],
    });
    const home = await app.clients.admin.get('/api/admin/dashboard');
    expect(JSON.stringify(await home.json())).toContain(id);

    endpoint.status = 200;
    const [delivered] = await pollUntil(
      async () => eventsAbout(endpoint, graftId),
      (found) => found.length > 0,
      {
        timeoutMs: 20_000,
      },
    );
    expect(statusOf(delivered!).notificationEvent).toEqual([expect.objectContaining({ eventNumber: '1' })]);
    await pollUntil(
      () =>
        app.server.database.db
          .selectFrom('fhirSubscriptions')
          .select('status')
          .where('id', '=', id)
          .executeTakeFirstOrThrow(),
      (row) => row.status === 'active',
    );
    expect(eventsAbout(endpoint, graftId)).toHaveLength(1);
  });

  it('sends a heartbeat when nothing was sent within the period asked for', async () => {
    const endpoint = await receiver();
    const subscription = await subscribe(
      hospitalToken,
      r5Subscription(TOPICS.clinic, endpoint.url, { heartbeatPeriod: 60 }),
    );
    const db = app.server.database.db;
    const sent = await sendDueHeartbeats({
      db,
      mailer: createMailer(app.server.config, { now: () => new Date() }),
      now: () => new Date(),
    });
    expect(sent).toBe(0);
    const longAgo = new Date(Date.now() - 61_000).toISOString();
    await db
      .updateTable('fhirSubscriptions')
      .set({ lastSentAt: longAgo })
      .where('id', '=', String(subscription.id))
      .execute();
    expect(
      await sendDueHeartbeats({
        db,
        mailer: createMailer(app.server.config, { now: () => new Date() }),
        now: () => new Date(),
      }),
    ).toBeGreaterThanOrEqual(1);
    const [heartbeat] = await pollUntil(
      async () => endpoint.received,
      (found) => found.length > 0,
    );
    expect(await validateFhir(heartbeat!.bundle)).toEqual([]);
    expect(statusOf(heartbeat!)).toMatchObject({ type: 'heartbeat', eventsSinceSubscriptionStart: '0' });
  });

  it('an ended subscription is kept, switched off, and sent nothing more', async () => {
    const endpoint = await receiver();
    const subscription = await subscribe(labToken, r5Subscription(TOPICS.bank, endpoint.url));
    const ended = await fhirJson(await fhir(labToken, 'DELETE', `/Subscription/${String(subscription.id)}`));
    expect(ended).toMatchObject({ id: subscription.id, status: 'off', end: expect.any(String) });
    expect(await fhirJson(await fhir(labToken, 'GET', `/Subscription/${String(subscription.id)}`))).toMatchObject({
      status: 'off',
    });
    const lot = await freeGraftOfX(app);
    await requestGraft(app.clients.physicianA, { lot, patient_Code: uniquePatientCode() });
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(endpoint.received).toEqual([]);
  });

  it('an R4 client subscribes by the Subscriptions Backport and is notified in R4 Bundles that validate', async () => {
    const endpoint = await receiver();
    const backport = 'http://hl7.org/fhir/uv/subscriptions-backport/StructureDefinition';
    const created = await fhirJson(
      await fhir(
        hospitalToken,
        'POST',
        '/Subscription',
        {
          resourceType: 'Subscription',
          status: 'requested',
          reason: 'Implant documentation',
          criteria: TOPICS.clinic,
          channel: {
            type: 'rest-hook',
            endpoint: endpoint.url,
            payload: 'application/fhir+json',
            _payload: { extension: [{ url: `${backport}/backport-payload-content`, valueCode: 'full-resource' }] },
          },
        },
        'R4',
      ),
      201,
    );
    expect(await validateFhirR4(created)).toEqual([]);
    expect(created).toMatchObject({ status: 'active', criteria: TOPICS.clinic });
    const lot = await freeGraftOfX(app);
    const graftId = await productIdOf(lot);
    const requested = await requestGraft(app.clients.physicianA, { lot, patient_Code: uniquePatientCode() });
    await stepOk(app.clients.employeeX, 'euteemployee', requested.id, 'reserve');
    await stepOk(app.clients.physicianA, 'physician', requested.id, 'confirm');
    await stepOk(app.clients.employeeX, 'euteemployee', requested.id, 'assign');
    const [notification] = await pollUntil(
      async () => endpoint.received,
      (found) => found.length > 0,
    );
    expect(notification!.bundle, JSON.stringify(notification!.bundle)).toMatchObject({
      resourceType: 'Bundle',
      type: 'history',
    });
    expect(await validateFhirR4(notification!.bundle)).toEqual([]);
    expect(JSON.stringify(notification!.bundle)).toContain(graftId);
    const status = await fhirJson(
      await fhir(hospitalToken, 'GET', `/Subscription/${String(created.id)}/$status`, undefined, 'R4'),
    );
    expect(await validateFhirR4(status)).toEqual([]);
    // A subscription lives in the version it was made in.
    await fhirJson(await fhir(hospitalToken, 'GET', `/Subscription/${String(created.id)}`), 404);
  });
});
