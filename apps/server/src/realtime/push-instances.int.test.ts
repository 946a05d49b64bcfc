import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { HttpTransportType } from '@microsoft/signalr';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { createDatabase, type Database } from '../db/database';
import { startTestApp, type TestApp } from '../../test/support/app';
import { loginAs, seedDemoInto } from '../../test/support/auth';
import { DEMO } from '../../test/support/clinical';
import { TestClient } from '../../test/support/client';
import { connectPush, SHORT_PUSH_TIMINGS, type PushClient } from '../../test/support/push';

// Two instances on one PostgreSQL schema, as behind a load balancer: an event raised on one
// reaches the clients of the other through LISTEN/NOTIFY. SQLite runs one instance only.

const url = process.env.TEST_DATABASE_URL;

/**
 * A load balancer that sends every GET (the polls) to one instance and every other request
 * (negotiate, the client's sends, DELETE) to the other: the worst case for Long Polling.
 */
async function splittingBalancer(getTo: string, restTo: string): Promise<{ url: string; server: Server }> {
  const server = createServer((incoming, outgoing) => {
    const target = new URL(incoming.method === 'GET' ? getTo : restTo);
    const forwarded = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        method: incoming.method,
        path: incoming.url,
        headers: incoming.headers,
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    forwarded.on('error', () => outgoing.destroy());
    incoming.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

describe.skipIf(!url)('push across instances (postgres)', () => {
  let first: TestApp;
  let secondDatabase: Database;
  let second: FastifyInstance;
  let secondUrl: string;
  let schema: string;
  const open: PushClient[] = [];

  /** A client of the second instance, holding the tokens of a login on the first (they share the secret). */
  const onSecond = (client: TestClient) =>
    Object.assign(new TestClient(secondUrl), { accessToken: client.accessToken });

  beforeAll(async () => {
    first = await startTestApp({ deps: { pushTimings: SHORT_PUSH_TIMINGS } });
    await seedDemoInto(first);
    schema =
      (await sql<{ schema: string }>`select current_schema() as schema`.execute(first.database.db)).rows[0]?.schema ??
      '';
    secondDatabase = createDatabase({ engine: 'postgres', url: url ?? '', schema });
    const silent = new Writable({ write: (_chunk, _encoding, done) => done() });
    second = await buildApp({
      config: first.config,
      database: secondDatabase,
      webRoot: null,
      pushTimings: SHORT_PUSH_TIMINGS,
      logStream: silent,
    });
    await second.listen({ port: 0, host: '127.0.0.1' });
    const address = second.server.address();
    secondUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(async () => {
    await Promise.all(open.map((push) => push.connection.stop()));
    await second.close();
    await secondDatabase.close();
    await first.close();
  });

  const connectToSecond = async (client: TestClient) => {
    const viaSecond = onSecond(client);
    await viaSecond.get('/api/health');
    const push = await connectPush(viaSecond);
    open.push(push);
    return push;
  };

  it('First a bank employee connects to the second instance; then the admin’s alert and a physician’s new entry, both made on the first, reach them', async () => {
    const admin = await loginAs(first, DEMO.admin);
    const physician = await loginAs(first, DEMO.physicianA);
    const bank = await connectToSecond(await loginAs(first, DEMO.employeeX));

    expect((await admin.post('/api/admin/testR', { message: 'from the first instance' })).status).toBe(200);
    expect((await bank.next('testR')).args).toEqual(['from the first instance']);

    const added = await physician.post('/api/physician/waitinglist', {
      query_type: 5,
      query_d_min: 15,
      query_d_max: 25,
      query_l_min: 10,
      query_l_l_min: 0,
      query_l_r_min: 0,
      patient_Code: 'K-02-2024',
      query_i_min: '2031-01-01',
      query_i_Max: '2031-02-01',
    });
    const { waitinglistid } = (await added.json()) as { waitinglistid: string };
    await bank.next('waitinglistChanged', (message) => message.args[0]?.waitinglistid === waitinglistid);
  });

  it('over Long Polling, with its polls on the second instance and its sends on the first, a bank employee connects, gets the alert and is closed when the session ends', async () => {
    const balancer = await splittingBalancer(secondUrl, first.baseUrl);
    try {
      const admin = await loginAs(first, DEMO.admin);
      const employee = await loginAs(first, DEMO.employeeX);
      const push = await connectPush(
        Object.assign(new TestClient(balancer.url), { accessToken: employee.accessToken }),
        {
          transport: HttpTransportType.LongPolling,
        },
      );
      open.push(push);
      expect((await admin.post('/api/admin/testR', { message: 'polled elsewhere' })).status).toBe(200);
      expect((await push.next('testR')).args).toEqual(['polled elsewhere']);
      // Its pings, sent to the first instance, keep it alive past the client timeout of the second.
      await new Promise((resolve) => setTimeout(resolve, SHORT_PUSH_TIMINGS.clientTimeoutMs * 2));
      expect((await admin.post('/api/admin/testR', { message: 'still there' })).status).toBe(200);
      expect((await push.next('testR', (message) => message.args[0] === 'still there')).args).toEqual(['still there']);
      expect((await employee.get('/api/users/logout')).status).toBeLessThan(300);
      expect((await push.closed)?.message).toMatch(/session has ended/);
    } finally {
      balancer.server.closeAllConnections();
      balancer.server.close();
    }
  });

  it('keeps listening after its LISTEN connection is cut: the second instance reconnects and hears events again', async () => {
    const admin = await loginAs(first, DEMO.admin);
    const bank = await connectToSecond(await loginAs(first, DEMO.employeeY));
    const channel = `graftmatch_push_${schema}`;
    const cut = await sql<{ cut: boolean }>`
      select pg_terminate_backend(pid) as cut from pg_stat_activity
      where pid <> pg_backend_pid() and query = ${`listen "${channel}"`}`.execute(first.database.db);
    // Both instances listen on the channel; both connections are cut.
    expect(cut.rows.length).toBe(2);

    const deadline = Date.now() + 10_000;
    let attempt = 0;
    while (!bank.received.some((message) => message.event === 'testR') && Date.now() < deadline) {
      attempt += 1;
      await admin.post('/api/admin/testR', { message: `after the cut #${attempt}` });
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(bank.received.some((message) => message.event === 'testR')).toBe(true);
  });
});
