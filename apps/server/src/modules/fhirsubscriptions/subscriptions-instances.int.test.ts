import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createDatabase, type Database } from '../../db/database';
import { startSeededApp, type SeededApp } from '../../../test/support/clinical';
import { startFhirReceiver, statusOf, type FhirReceiver } from '../../../test/support/fhir-receiver';
import { pollUntil } from '../../../test/support/mail';
import { freeGraftOfX, requestGraft, uniquePatientCode } from '../../../test/support/requests';
import { registerSystem, systemToken } from '../../../test/support/system-clients';

// Two instances on one PostgreSQL database, each with its outbox worker (docs/fhir.md
// "Subscriptions"): events made on either are numbered on the subscription's locked row and each
// notification is claimed by one worker only, so the subscriber gets every event exactly once,
// refused deliveries retried included. SQLite runs one instance only.

const EVENTS = 20;
const fast = { retryBaseMs: 100, pollMs: 100 };

describe.skipIf(!process.env.TEST_DATABASE_URL)('FHIR subscriptions with two instances (postgres)', () => {
  let first: SeededApp;
  let secondDatabase: Database;
  let second: FastifyInstance;
  let secondUrl: string;
  let endpoint: FhirReceiver;

  beforeAll(async () => {
    first = await startSeededApp({ deps: { mailTimings: fast } });
    secondDatabase = createDatabase(first.server.target);
    second = await buildApp({
      config: first.server.config,
      database: secondDatabase,
      webRoot: null,
      mailTimings: fast,
    });
    await second.listen({ port: 0, host: '127.0.0.1' });
    secondUrl = `http://127.0.0.1:${(second.server.address() as AddressInfo).port}`;
    endpoint = await startFhirReceiver();
  }, 180_000);
  afterAll(async () => {
    await second?.close();
    await secondDatabase?.close();
    await first?.server.close();
    await endpoint?.close();
  });

  it('each of 20 events made on either instance, some refused once, reaches the subscriber exactly once', async () => {
    const lab = await registerSystem(first, `eute/${first.ids.euteX}`, 'Lab system', ['system/*.rs']);
    const token = await systemToken(first, lab, 'system/*.rs');
    const created = await fetch(`${secondUrl}/api/fhir/R5/Subscription`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/fhir+json' },
      body: JSON.stringify({
        resourceType: 'Subscription',
        status: 'requested',
        topic: 'https://graftmatch.org/fhir/SubscriptionTopic/bank-graft-events',
        channelType: { code: 'rest-hook' },
        endpoint: endpoint.url,
        content: 'id-only',
      }),
    });
    expect(created.status, await created.clone().text()).toBe(201);
    // The first delivery attempts are refused, so retries run while new events come.
    endpoint.status = 503;
    const lots = await Promise.all(Array.from({ length: EVENTS }, () => freeGraftOfX(first)));
    // Requests go to both instances, as a load balancer would send them (the session's token, no cookie).
    const physician = first.clients.physicianA;
    const answers = await Promise.all(
      lots.map((lot, index) =>
        index % 2 === 0
          ? requestGraft(physician, { lot, patient_Code: uniquePatientCode() })
          : fetch(`${secondUrl}/api/physician/requests`, {
              method: 'POST',
              headers: { authorization: `Bearer ${physician.accessToken}`, 'content-type': 'application/json' },
              body: JSON.stringify({ lot, patient_Code: uniquePatientCode() }),
            }).then((answer) => answer.status),
      ),
    );
    expect(answers.filter((answer) => typeof answer === 'number')).toEqual(Array(EVENTS / 2).fill(201));
    await pollUntil(
      () =>
        first.server.database.db
          .selectFrom('mailOutbox')
          .select('id')
          .where('kind', '=', 'fhir')
          .where('lastError', 'is not', null)
          .execute(),
      (refused) => refused.length >= 5,
    );
    endpoint.status = 200;
    await pollUntil(
      async () => endpoint.received,
      (received) => received.length >= EVENTS,
      { timeoutMs: 30_000 },
    );
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const numbers = endpoint.received.map((notification) =>
      Number(statusOf(notification).notificationEvent?.[0]?.eventNumber),
    );
    expect(numbers.sort((a, b) => a - b)).toEqual(Array.from({ length: EVENTS }, (_, index) => index + 1));
  });
});
