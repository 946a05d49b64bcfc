import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { HttpTransportType } from '@microsoft/signalr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMailNames, readPinFromOutbox } from '../../../../e2e/support/outbox';
import { demoPhoto } from '../../src/demo/demo-files/documents';
import { basicAuth, TEST_PASSWORD } from '../support/auth';
import { DEMO } from '../support/clinical';
import { TestClient } from '../support/client';
import { testEngineName } from '../support/database';
import { freePort } from '../support/process';
import { connectPush, type PushClient } from '../support/push';
import { startS3Peer, type S3Peer } from '../support/s3';
import { createFaultStorage, type FaultStorage } from './engine';
import { runGraftmatch, sleep, startFaultServer, writeContinuously, type FaultServer } from './fault-server';
import { hasNginx, startNginx, type Nginx } from './nginx';

// Two real instances on one PostgreSQL database and one S3 bucket (s3rver) behind Debian's nginx
// running the shipped deploy/nginx/graftmatch.conf (docs/operations.md "Several instances behind
// nginx"). Every call goes through nginx; its access log names the instance that answered each
// one. SQLite has one process, so there is nothing to balance.
const postgres = testEngineName() === 'postgres';
if (!postgres) {
  console.warn('fault suite: two instances behind nginx not run on SQLite (one process owns the SQLite file)');
}
if (postgres && !hasNginx()) {
  // CI installs it (.ci/run); a test that cannot run must not pass silently either.
  throw new Error('the load-balancer test needs nginx on the PATH (apt-get install nginx)');
}

/** Sends `x-test-tag` with every call, so the access log tells this client's calls apart. */
class TaggedClient extends TestClient {
  constructor(
    baseUrl: string,
    readonly tag: string,
  ) {
    super(baseUrl);
  }

  override request(method: string, url: string, options: Parameters<TestClient['request']>[2] = {}) {
    return super.request(method, url, { ...options, headers: { 'x-test-tag': this.tag, ...options.headers } });
  }
}

describe.runIf(postgres)(`two instances behind nginx (${testEngineName()})`, () => {
  let storage: FaultStorage;
  let s3: S3Peer;
  let nginx: Nginx;
  const servers: FaultServer[] = [];
  const folders: string[] = [];
  const envs: Record<string, string>[] = [];
  const ports: [number, number] = [0, 0];
  const pushClients: PushClient[] = [];
  let admin: TaggedClient;
  let physician: TaggedClient;

  const tempFolder = (prefix: string) => {
    const folder = mkdtempSync(path.join(os.tmpdir(), prefix));
    folders.push(folder);
    return folder;
  };
  /** The instance behind an upstream address of the access log. */
  const instanceOf = (upstream: string) => ports.findIndex((port) => upstream === `127.0.0.1:${port}`);
  const entriesOf = (tag: string) => nginx.accessLog().filter((entry) => entry.tag === tag);
  /** The instances that answered (the last one tried) each call of `tag`, in order. */
  const answeredBy = (tag: string, uri?: string) =>
    entriesOf(tag)
      .filter((entry) => uri === undefined || entry.uri === uri)
      .map((entry) => instanceOf(entry.upstreams.at(-1) ?? ''));

  async function logIn(email: string): Promise<TaggedClient> {
    const client = new TaggedClient(nginx.url, `${email}-${randomUUID()}`);
    const started = Date.now();
    const skip = await outboxMailNames(storage.dataDir);
    const first = await client.get('/api/auth/login', { headers: { authorization: basicAuth(email, TEST_PASSWORD) } });
    expect(first.status, await first.clone().text()).toBe(200);
    const { twoFactor_Token, twoFactorId } = (await first.json()) as { twoFactor_Token: string; twoFactorId: string };
    // Either instance's mail worker may send the PIN; both write into the one outbox.
    const pin = await readPinFromOutbox(storage.dataDir, email, started, 15_000, skip);
    const second = await client.post(
      '/api/auth/twofactor',
      { passwordid: twoFactorId, password: pin },
      { headers: { authorization: `Bearer ${twoFactor_Token}` } },
    );
    expect(second.status, await second.clone().text()).toBe(200);
    client.accessToken = ((await second.json()) as { access_Token: string }).access_Token;
    return client;
  }

  const startInstance = (index: 0 | 1) => startFaultServer(envs[index] ?? {});

  beforeAll(async () => {
    storage = await createFaultStorage();
    s3 = await startS3Peer();
    const nginxPort = await freePort();
    ports[0] = await freePort();
    ports[1] = await freePort();
    const common = {
      ...storage.env,
      ...s3.env,
      JWT_SECRET: 'two-instances-behind-nginx-share-this-secret-0123456789',
      // Only nginx's address may name the client.
      TRUST_PROXY: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${nginxPort}`,
    };
    // The second instance has a data folder of its own; it shares the first's mail outbox only so
    // that the test finds every PIN in one place.
    const dataB = tempFolder('graftmatch-nginx-b-');
    mkdirSync(path.join(storage.dataDir, 'outbox'), { recursive: true });
    symlinkSync(path.join(storage.dataDir, 'outbox'), path.join(dataB, 'outbox'));
    envs.push({ ...common, PORT: String(ports[0]) }, { ...common, DATA_DIR: dataB, PORT: String(ports[1]) });
    const seeded = runGraftmatch(['seed-demo'], common);
    expect(seeded.code, seeded.stderr).toBe(0);
    servers.push(...(await Promise.all([startInstance(0), startInstance(1)])));
    nginx = await startNginx(tempFolder('graftmatch-nginx-'), ports, nginxPort);
    admin = await logIn(DEMO.admin);
    physician = await logIn(DEMO.physicianA);
  }, 120_000);

  afterAll(async () => {
    await Promise.all(pushClients.map((client) => client.connection.stop()));
    await nginx?.stop();
    await Promise.all(servers.map((server) => server.kill('SIGTERM')));
    await storage?.dispose();
    await s3?.close();
    for (const folder of folders) {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('a physician logs in through one instance and is served by the other; the app sees the client address nginx saw', async () => {
    for (let n = 0; n < 4; n++) {
      const me = await physician.get('/api/users/getmyuser');
      expect(me.status).toBe(200);
      expect(((await me.json()) as { email: string }).email).toBe(DEMO.physicianA);
    }
    const served = answeredBy(physician.tag);
    const loggedInOn = served[1];
    expect(served.slice(0, 2).every((instance) => instance >= 0)).toBe(true);
    // Round robin: after the login on one instance, the other serves the session too.
    expect(served.slice(2)).toContain(1 - (loggedInOn ?? 0));

    // A client on another address that claims a third one in X-Forwarded-For: nginx overwrites
    // the header with the address it saw, and the app (trusting nginx's address) records that one.
    const email = `nobody-${randomUUID()}@example.org`;
    const status = await new Promise<number>((resolve, reject) => {
      const call = httpRequest(`${nginx.url}/api/auth/login`, {
        localAddress: '127.0.0.2',
        headers: { authorization: basicAuth(email, 'wrong'), 'x-forwarded-for': '203.0.113.9' },
      });
      call.on('response', (answer) => {
        answer.resume();
        resolve(answer.statusCode ?? 0);
      });
      call.on('error', reject);
      call.end();
    });
    expect(status).toBe(401);
    const rows = await storage.select<{ ip: string }>(
      "select ip from audit_log where action = 'auth.login.failure' order by at desc limit 1",
    );
    expect(rows).toEqual([{ ip: '127.0.0.2' }]);
  });

  it('a photo uploaded through one instance into the bucket downloads through the other', async () => {
    const [graft] = await storage.select<{ e_lot: string }>(
      `select g.e_lot from grafts g join eute_members m on m.eute_id = g.eute_id join users u on u.id = m.user_id
        where u.email = '${DEMO.employeeX}' order by g.e_lot limit 1`,
    );
    const name = `nginx-${randomUUID()}.jpg`;
    const bytes = await demoPhoto('behind nginx', 120, 320, 240);
    const form = new FormData();
    form.append('lot', graft?.e_lot ?? '');
    form.append('type', '0');
    form.append('files', new Blob([bytes], { type: 'image/jpeg' }), name);
    const uploaded = await admin.request('POST', '/api/media/uploadfiles', { body: form });
    expect(uploaded.status, await uploaded.clone().text()).toBe(200);
    const [uploadedOn] = answeredBy(admin.tag, '/api/media/uploadfiles');
    for (let n = 0; n < 2; n++) {
      const download = await admin.get(`/api/file/getfile/0/${encodeURIComponent(name)}`);
      expect(download.status).toBe(200);
      expect(Buffer.from(await download.arrayBuffer()).equals(bytes)).toBe(true);
    }
    expect(answeredBy(admin.tag, `/api/file/getfile/0/${name}`)).toContain(1 - (uploadedOn ?? 0));
    // In the bucket, not on either instance's disk.
    const [row] = await storage.select<{ storage_key: string }>(
      `select storage_key from graft_files where name = '${name}'`,
    );
    expect(row?.storage_key).toBeTruthy();
    expect(existsSync(path.join(storage.dataDir, 'files', row?.storage_key ?? ''))).toBe(false);
  });

  it('a burst of wrong passwords split over both instances is counted once per account, known or not', async () => {
    for (const email of [DEMO.physicianB, `ghost-${randomUUID()}@demo.graftmatch.example`]) {
      const tag = `burst-${email}`;
      const burst = await Promise.all(
        Array.from({ length: 10 }, () =>
          fetch(`${nginx.url}/api/auth/login`, {
            headers: { authorization: basicAuth(email, 'not-the-password'), 'x-test-tag': tag },
          }).then(async (answer) => ({
            status: answer.status,
            left: ((await answer.json()) as { passwordAttempts?: number }).passwordAttempts,
          })),
        ),
      );
      expect(burst.every((answer) => answer.status === 401)).toBe(true);
      // Each refusal counted down once: 9 attempts left, 8, … the tenth locks.
      expect(burst.map((answer) => answer.left).sort()).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
      expect(new Set(answeredBy(tag))).toEqual(new Set([0, 1]));
      const after = await fetch(`${nginx.url}/api/auth/login`, {
        headers: { authorization: basicAuth(email, TEST_PASSWORD) },
      });
      expect(after.status).toBe(401);
      expect(((await after.json()) as { detail: string }).detail).toMatch(/locked/);
    }
  });

  it('every due job runs once, and a reservation past its deadline lapses once, when both instances start at the same moment', async () => {
    const employee = await logIn(DEMO.employeeX);
    const [graft] = await storage.select<{ e_lot: string }>(
      `select g.e_lot from grafts g join eute_members m on m.eute_id = g.eute_id join users u on u.id = m.user_id
        where u.email = '${DEMO.employeeX}' and g.list_status = 0 and g.quarantined = 0
          and g.expiry_date > '${new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10)}'
          and not exists (select 1 from graft_requests r where r.graft_id = g.id)
        order by g.e_lot limit 1`,
    );
    const requested = await physician.post('/api/physician/requests', {
      lot: graft?.e_lot,
      patient_Code: 'L-01-2026',
    });
    expect(requested.status, await requested.clone().text()).toBe(201);
    const { id } = (await requested.json()) as { id: string };
    const reserved = await employee.post(`/api/euteemployee/requests/${id}/reserve`, { hours: 1 });
    expect(reserved.status, await reserved.clone().text()).toBe(200);

    // The clock moves past the deadline and every job's next run while both instances are down;
    // they start at once, and each runs the due jobs before it answers.
    const runs = async () =>
      Object.fromEntries(
        (await storage.select<{ name: string; runs: number }>('select name, runs from jobs')).map((job) => [
          job.name,
          job.runs,
        ]),
      );
    await Promise.all(servers.map((server) => server.kill('SIGTERM')));
    const before = await runs();
    await storage.select(
      `update graft_requests set deadline = '2000-01-01T00:00:00.000Z' where id = '${id}' returning id`,
    );
    await storage.select(`update jobs set next_run_at = '2000-01-01T00:00:00.000Z' returning name`);
    servers.splice(0, 2, ...(await Promise.all([startInstance(0), startInstance(1)])));

    // Each job ran once more, on one instance or the other, never on both.
    expect(Object.keys(before).length).toBeGreaterThan(5);
    expect(await runs()).toEqual(Object.fromEntries(Object.entries(before).map(([name, n]) => [name, n + 1])));
    const [request] = await storage.select<{ state: string }>(`select state from graft_requests where id = '${id}'`);
    expect(request?.state).toBe('lapsed');
    const lapses = await storage.select(
      `select id from audit_log where action = 'request.lapse' and target_id = '${id}'`,
    );
    expect(lapses).toHaveLength(1);
  });

  it('a push event raised on either instance reaches clients on both, over WebSockets, Server-Sent Events and Long Polling', async () => {
    for (const transport of [
      HttpTransportType.WebSockets,
      HttpTransportType.ServerSentEvents,
      HttpTransportType.LongPolling,
    ]) {
      pushClients.push(
        await connectPush(physician, {
          transport,
          keepAliveMs: 5000,
          reconnectDelaysMs: [0, 250, 500, 1000, 2000, 3000, 5000],
        }),
      );
    }
    const messages: string[] = [];
    // Round robin puts consecutive alerts on alternate instances; raise until both raised one.
    while (new Set(answeredBy(admin.tag, '/api/admin/testR')).size < 2) {
      const message = `via nginx ${messages.length}`;
      const raised = await admin.post('/api/admin/testR', { message });
      expect(raised.status).toBe(200);
      messages.push(message);
      expect(messages.length).toBeLessThan(6);
    }
    for (const client of pushClients) {
      for (const message of messages) {
        await client.next('testR', ({ args }) => args[0] === message, 10_000);
      }
    }
  });

  it('killing one instance mid-run loses no acknowledged write; calls and push clients go on on the other', async () => {
    const headers = {
      'content-type': 'application/json',
      cookie: `XSRF-TOKEN=${admin.cookie('XSRF-TOKEN') ?? ''}`,
      'x-xsrf-token': admin.cookie('XSRF-TOKEN') ?? '',
      authorization: `Bearer ${admin.accessToken ?? ''}`,
    };
    const writers = writeContinuously(nginx.url, { headers }, 'nginx-kill', 4);
    let reading = true;
    const readFailures: number[] = [];
    let reads = 0;
    const reader = (async () => {
      while (reading) {
        const answer = await physician.get('/api/users/getmyuser').catch(() => null);
        reads++;
        if (answer?.status !== 200) {
          readFailures.push(answer?.status ?? 0);
        }
        await answer?.arrayBuffer();
      }
    })();
    // The victim holds the Long Polling client's connection (its polls are in nginx's log).
    const polling = pushClients[2]?.connection;
    const holder = nginx
      .accessLog()
      .filter((entry) => entry.uri === '/api/push' && entry.connection.startsWith(`${polling?.connectionId ?? '-'}.`))
      .map((entry) => instanceOf(entry.upstreams.at(-1) ?? ''));
    const victim = holder.at(-1) ?? -1;
    const pollingId = polling?.connectionId;
    expect(victim).toBeGreaterThanOrEqual(0);
    await sleep(1500);
    const before = writers.acknowledged.length;
    await servers[victim]?.kill('SIGKILL');
    await sleep(3000);
    const afterKill = writers.acknowledged.length;
    await sleep(1000);
    await writers.stop();
    reading = false;
    await reader;

    expect(before).toBeGreaterThan(0);
    expect(writers.acknowledged.length).toBeGreaterThan(afterKill);
    const stored = (await storage.inspect()).names;
    expect(writers.acknowledged.filter((name) => !stored.has(name))).toEqual([]);
    // Reads are idempotent: nginx passes one the dead instance dropped on to the living one.
    expect(reads).toBeGreaterThan(10);
    expect(readFailures).toEqual([]);

    // The push clients of the dead instance reconnect (negotiating anew) to the living one.
    const deadline = Date.now() + 20_000;
    while (pushClients.some((client) => client.connection.state !== 'Connected') && Date.now() < deadline) {
      await sleep(100);
    }
    expect(pushClients.map((client) => client.connection.state)).toEqual(['Connected', 'Connected', 'Connected']);
    expect(polling?.connectionId).not.toBe(pollingId);
    const message = `after the kill ${randomUUID()}`;
    expect((await admin.post('/api/admin/testR', { message })).status).toBe(200);
    for (const client of pushClients) {
      await client.next('testR', ({ args }) => args[0] === message, 10_000);
    }
  });
});
