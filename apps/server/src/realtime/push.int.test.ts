import { HttpTransportType } from '@microsoft/signalr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/support/app';
import { loginAs, seedDemoInto } from '../../test/support/auth';
import { DEMO } from '../../test/support/clinical';
import { TestClient } from '../../test/support/client';
import { testEngineName } from '../../test/support/database';
import { connectPush, SHORT_PUSH_TIMINGS, startCuttableLink, type PushClient } from '../../test/support/push';

// The push hub through the official @microsoft/signalr client, after real logins, on the real app.
// Timings are short so that pings, re-checks and timeouts happen within a test.

const ENTRY = {
  query_type: 5,
  query_d_min: 15,
  query_d_max: 25,
  query_l_min: 10,
  query_l_l_min: 0,
  query_l_r_min: 0,
  patient_Code: 'P-04-2024',
  query_i_min: '2031-01-01',
  query_i_Max: '2031-02-01',
};

describe(`push hub (${testEngineName()})`, () => {
  let server: TestApp;
  const clients = {} as Record<keyof typeof DEMO, TestClient>;
  const open: PushClient[] = [];
  const connect = async (client: TestClient, options?: Parameters<typeof connectPush>[1]) => {
    const push = await connectPush(client, options);
    open.push(push);
    return push;
  };

  beforeAll(async () => {
    server = await startTestApp({ deps: { pushTimings: SHORT_PUSH_TIMINGS } });
    await seedDemoInto(server);
    for (const role of ['physicianA', 'physicianB', 'employeeX', 'admin', 'auditor'] as const) {
      clients[role] = await loginAs(server, DEMO[role]);
    }
  });
  afterAll(async () => {
    await Promise.all(open.map((push) => push.connection.stop()));
    await server.close();
  });

  it('First a physician, a colleague and a tissue-bank employee connect; the admin’s test alert reaches all three; then the physician’s new waiting-list entry is announced to the physician and the bank, not the colleague', async () => {
    const physician = await connect(clients.physicianA);
    const colleague = await connect(clients.physicianB);
    const bank = await connect(clients.employeeX);

    const alert = await clients.admin.post('/api/admin/testR', { message: 'Test alert from the admin' });
    // Three users connected: the admin learns that all three saw it at once.
    expect(alert.status).toBe(200);
    expect(await alert.json()).toMatchObject({ connectedUsers: 3 });
    for (const push of [physician, colleague, bank]) {
      expect((await push.next('testR')).args).toEqual(['Test alert from the admin']);
    }

    const added = await clients.physicianA.post('/api/physician/waitinglist', ENTRY);
    expect(added.status).toBe(201);
    const { waitinglistid } = (await added.json()) as { waitinglistid: string };
    const isTheEntry = (message: { args: [change?: { waitinglistid: string }] }) =>
      message.args[0]?.waitinglistid === waitinglistid;
    await physician.next('waitinglistChanged', isTheEntry);
    await bank.next('waitinglistChanged', isTheEntry);

    // Events on one connection keep their order: once the colleague has a later alert, an earlier event would be there too.
    await clients.admin.post('/api/admin/testR', { message: 'second' });
    await colleague.next('testR', (message) => message.args[0] === 'second');
    // Each alert also lands in the colleague's notification centre, which announces it.
    expect(colleague.received.map((message) => message.event)).toEqual([
      'testR',
      'notification',
      'testR',
      'notification',
    ]);

    const patched = await clients.physicianA.patch(`/api/physician/waitinglist/${waitinglistid}`, { query_l_min: 12 });
    expect(patched.status).toBe(200);
    const removed = await clients.physicianA.get(`/api/physician/waitinglist/remove/${waitinglistid}`);
    expect(removed.status).toBe(204);
    await bank.next(
      'waitinglistChanged',
      (message) => isTheEntry(message) && bank.received.filter((m) => m.event === 'waitinglistChanged').length >= 3,
    );
  });

  it('only an admin sends the test alert: an auditor and a physician are refused, an empty message is a 400', async () => {
    expect((await clients.auditor.post('/api/admin/testR', { message: 'no' })).status).toBe(403);
    expect((await clients.physicianA.post('/api/admin/testR', { message: 'no' })).status).toBe(403);
    expect((await clients.admin.post('/api/admin/testR', { message: '' })).status).toBe(400);
  });

  it('refuses anonymous callers, a bad token and a foreign Origin; accepts its own origin', async () => {
    const stranger = new TestClient(server.baseUrl);
    await stranger.get('/api/health');
    await expect(connectPush(stranger, { asBrowser: true })).rejects.toThrow(/401/);
    // Without a cookie and without a token, nothing exempts negotiate from the anti-forgery rule.
    await expect(connectPush(stranger)).rejects.toThrow(/403/);
    stranger.accessToken = `${clients.physicianA.accessToken ?? ''}x`;
    await expect(connectPush(stranger)).rejects.toThrow(/401/);
    await expect(connectPush(clients.physicianA, { origin: 'https://evil.example' })).rejects.toThrow(/403|WebSocket/);
    await connect(clients.physicianA, { origin: server.config.publicUrl });
    await connect(clients.physicianA, { origin: server.baseUrl });
  });

  describe.each([
    ['WebSockets', HttpTransportType.WebSockets],
    ['Server-Sent Events', HttpTransportType.ServerSentEvents],
    ['Long Polling', HttpTransportType.LongPolling],
  ] as const)('over %s', (_name, transport) => {
    it('the official client with nothing but accessTokenFactory receives testR and waitinglistChanged, is refused with a bad or wrong-kind token and a foreign Origin, and is closed when its session ends', async () => {
      const client = await loginAs(server, DEMO.physicianA);
      const push = await connect(client, { transport });

      expect((await clients.admin.post('/api/admin/testR', { message: `over ${_name}` })).status).toBe(200);
      expect((await push.next('testR')).args).toEqual([`over ${_name}`]);
      const added = await client.post('/api/physician/waitinglist', ENTRY);
      const { waitinglistid } = (await added.json()) as { waitinglistid: string };
      await push.next('waitinglistChanged', (message) => message.args[0]?.waitinglistid === waitinglistid);

      const bearer = (token: string | undefined) =>
        Object.assign(new TestClient(server.baseUrl), { accessToken: token ?? '' });
      await expect(connectPush(bearer(`${client.accessToken ?? ''}x`), { transport })).rejects.toThrow(/401/);
      await expect(connectPush(bearer(client.cookie('refresh')), { transport })).rejects.toThrow(/401/);
      await expect(connectPush(client, { transport, origin: 'https://evil.example' })).rejects.toThrow(/403/);

      expect((await client.get('/api/users/logout')).status).toBeLessThan(300);
      expect((await push.closed)?.message).toMatch(/session has ended/);
    });
  });

  it('First a client with stateful reconnect has an alert; then its network drops for a few seconds while five alerts are sent; after the reconnect it has every alert exactly once, in order, without starting afresh', async () => {
    const link = await startCuttableLink(server.baseUrl);
    try {
      const client = await loginAs(server, DEMO.physicianB);
      const push = await connect(Object.assign(new TestClient(link.url), { accessToken: client.accessToken }), {
        statefulReconnect: true,
      });
      const alert = async (message: string) =>
        expect((await clients.admin.post('/api/admin/testR', { message })).status).toBe(200);
      await alert('before');
      await push.next('testR', (message) => message.args[0] === 'before');

      link.cut();
      for (let index = 1; index <= 5; index += 1) {
        await alert(`during ${index}`);
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      link.restore();
      await alert('after');
      await push.next('testR', (message) => message.args[0] === 'after', 10_000);

      expect(push.received.filter((message) => message.event === 'testR').map((message) => message.args[0])).toEqual([
        'before',
        'during 1',
        'during 2',
        'during 3',
        'during 4',
        'during 5',
        'after',
      ]);
      expect(push.connection.state).toBe('Connected');
    } finally {
      link.close();
    }
  });

  it('closes the connection of a user the admin deactivates, at the next ping', async () => {
    const client = await loginAs(server, DEMO.physicianB);
    const push = await connect(client);
    const { id } = await server.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', DEMO.physicianB)
      .executeTakeFirstOrThrow();
    const startedAt = Date.now();
    expect((await clients.admin.get(`/api/admin/user/deactivate/${id}`)).status).toBe(200);
    const error = await push.closed;
    expect(error?.message).toMatch(/session has ended/);
    expect(Date.now() - startedAt).toBeLessThan(2000);
    expect((await clients.admin.get(`/api/admin/user/activate/${id}`)).status).toBe(200);
  });
});
