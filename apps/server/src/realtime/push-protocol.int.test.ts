import { PUSH_PATH } from '@graftmatch/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startTestApp, type TestApp } from '../../test/support/app';
import { createTestUser, loginAs } from '../../test/support/auth';
import type { TestClient } from '../../test/support/client';
import { testEngineName } from '../../test/support/database';
import { RECORD_SEPARATOR } from './hub-protocol';
import { SHORT_PUSH_TIMINGS } from '../../test/support/push';

// The wire protocol as a browser speaks it (token in the query, no headers), with a raw WebSocket,
// so that each record the server sends can be checked.

const HANDSHAKE = `{"protocol":"json","version":1}${RECORD_SEPARATOR}`;

interface RawSocket {
  socket: WebSocket;
  /** Every record received so far, parsed. */
  records: Record<string, unknown>[];
  nextRecord(
    accept: (record: Record<string, unknown>) => boolean,
    timeoutMs?: number,
  ): Promise<Record<string, unknown>>;
  closed: Promise<number>;
}

async function negotiate(client: TestClient): Promise<{ connectionId: string; connectionToken: string }> {
  const answer = await client.post(`${PUSH_PATH}/negotiate?negotiateVersion=1`);
  expect(answer.status).toBe(200);
  return (await answer.json()) as { connectionId: string; connectionToken: string };
}

function pushUrl(baseUrl: string, connectionToken: string, accessToken: string | undefined): string {
  return `${baseUrl.replace(/^http/, 'ws')}${PUSH_PATH}?id=${connectionToken}&access_token=${encodeURIComponent(accessToken ?? '')}`;
}

/** Opens the socket; rejects with the HTTP status when the server refuses the upgrade. */
function openRaw(url: string, headers: Record<string, string> = {}): Promise<RawSocket> {
  const socket = new WebSocket(url, { headers });
  const records: Record<string, unknown>[] = [];
  const waiters = new Set<() => void>();
  socket.on('message', (data) => {
    for (const text of data.toString().split(RECORD_SEPARATOR).filter(Boolean)) {
      records.push(JSON.parse(text) as Record<string, unknown>);
    }
    waiters.forEach((wake) => wake());
  });
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  const nextRecord: RawSocket['nextRecord'] = (accept, timeoutMs = 3000) =>
    new Promise((resolve, reject) => {
      const check = () => {
        const found = records.find(accept);
        if (found) {
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
        }
      };
      const timer = setTimeout(
        () => reject(new Error(`no such record within ${timeoutMs} ms; got ${JSON.stringify(records)}`)),
        timeoutMs,
      );
      waiters.add(check);
      check();
    });
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve({ socket, records, nextRecord, closed }));
    socket.once('unexpected-response', (request, response) => {
      request.destroy();
      reject(new Error(`HTTP ${response.statusCode}`));
    });
    socket.once('error', reject);
  });
}

describe(`push wire protocol (${testEngineName()})`, () => {
  let server: TestApp;
  let physician: TestClient;
  let colleague: TestClient;

  beforeAll(async () => {
    server = await startTestApp({ deps: { pushTimings: SHORT_PUSH_TIMINGS } });
    physician = await loginAs(server, (await createTestUser(server)).email);
    colleague = await loginAs(server, (await createTestUser(server)).email);
  });
  afterAll(() => server.close());

  it('negotiates version 1 with the three transports and text only, for a logged-in caller with the anti-forgery header', async () => {
    const answer = await physician.post(`${PUSH_PATH}/negotiate?negotiateVersion=1`);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({
      negotiateVersion: 1,
      connectionId: expect.any(String),
      connectionToken: expect.any(String),
      availableTransports: [
        { transport: 'WebSockets', transferFormats: ['Text'] },
        { transport: 'ServerSentEvents', transferFormats: ['Text'] },
        { transport: 'LongPolling', transferFormats: ['Text'] },
      ],
    });
    expect((await physician.post(`${PUSH_PATH}/negotiate?negotiateVersion=1`, undefined, { auth: false })).status).toBe(
      401,
    );
    expect((await physician.post(`${PUSH_PATH}/negotiate?negotiateVersion=1`, undefined, { xsrf: false })).status).toBe(
      403,
    );
    // Bearer token and no cookie at all: nothing another site could make a browser send, so no header needed.
    const bearerOnly = await fetch(`${server.baseUrl}${PUSH_PATH}/negotiate?negotiateVersion=1`, {
      method: 'POST',
      headers: { authorization: `Bearer ${physician.accessToken ?? ''}` },
    });
    expect(bearerOnly.status).toBe(200);
    expect(bearerOnly.headers.getSetCookie()).toEqual([]);
  });

  it('First the handshake is answered with {}, then several records in one frame are each handled: a ping is ignored, an unknown method gets a completion error, a non-blocking call nothing; the server pings', async () => {
    const { connectionToken } = await negotiate(physician);
    const raw = await openRaw(pushUrl(server.baseUrl, connectionToken, physician.accessToken));
    raw.socket.send(HANDSHAKE);
    expect(await raw.nextRecord(() => true)).toEqual({});

    raw.socket.send(
      `{"type":6}${RECORD_SEPARATOR}{"type":1,"target":"Fire","arguments":[]}${RECORD_SEPARATOR}{"type":1,"invocationId":"7","target":"SendMessage","arguments":["hi"]}${RECORD_SEPARATOR}`,
    );
    const completion = await raw.nextRecord((record) => record.type === 3);
    expect(completion).toEqual({ type: 3, invocationId: '7', error: expect.stringContaining("'SendMessage'") });
    await raw.nextRecord((record) => record.type === 6);
    expect(raw.records.filter((record) => record.type === 3)).toHaveLength(1);
    raw.socket.close();
    await raw.closed;
  });

  it('answers a handshake for another protocol with an error and closes', async () => {
    const { connectionToken } = await negotiate(physician);
    const raw = await openRaw(pushUrl(server.baseUrl, connectionToken, physician.accessToken));
    raw.socket.send(`{"protocol":"messagepack","version":1}${RECORD_SEPARATOR}`);
    expect(await raw.nextRecord(() => true)).toEqual({ error: "Requested protocol 'messagepack' is not available." });
    await raw.closed;
  });

  it('opens a connection with a token once, only with the session it was issued to; a second socket meanwhile is a 409, one afterwards and made-up tokens 404', async () => {
    const { connectionToken } = await negotiate(physician);
    await expect(openRaw(pushUrl(server.baseUrl, connectionToken, colleague.accessToken))).rejects.toThrow('HTTP 404');
    const first = await openRaw(pushUrl(server.baseUrl, connectionToken, physician.accessToken));
    await expect(openRaw(pushUrl(server.baseUrl, connectionToken, physician.accessToken))).rejects.toThrow('HTTP 409');
    await expect(openRaw(pushUrl(server.baseUrl, 'made.up.token', physician.accessToken))).rejects.toThrow('HTTP 404');
    first.socket.close();
    await first.closed;
    await expect
      .poll(() =>
        openRaw(pushUrl(server.baseUrl, connectionToken, physician.accessToken)).catch((error: Error) => error.message),
      )
      .toBe('HTTP 404');
  });

  it('negotiates version 0 with the connection token as the id, and offers stateful reconnect only when asked', async () => {
    const v0 = (await (await physician.post(`${PUSH_PATH}/negotiate`)).json()) as Record<string, unknown>;
    expect(v0).toEqual({
      negotiateVersion: 0,
      connectionId: expect.any(String),
      availableTransports: expect.any(Array),
    });
    const raw = await openRaw(pushUrl(server.baseUrl, v0.connectionId as string, physician.accessToken));
    raw.socket.close();
    const stateful = await physician.post(`${PUSH_PATH}/negotiate?negotiateVersion=1&useStatefulReconnect=true`);
    expect(await stateful.json()).toMatchObject({ negotiateVersion: 1, useStatefulReconnect: true });
  });

  it('refuses the upgrade without a valid access token (401) and from a foreign Origin (403)', async () => {
    const { connectionToken } = await negotiate(physician);
    await expect(openRaw(pushUrl(server.baseUrl, connectionToken, undefined))).rejects.toThrow('HTTP 401');
    await expect(openRaw(pushUrl(server.baseUrl, connectionToken, 'not-a-token'))).rejects.toThrow('HTTP 401');
    await expect(
      openRaw(pushUrl(server.baseUrl, connectionToken, physician.accessToken), { origin: 'https://evil.example' }),
    ).rejects.toThrow('HTTP 403');
    const own = await openRaw(pushUrl(server.baseUrl, connectionToken, physician.accessToken), {
      origin: server.config.publicUrl,
    });
    own.socket.close();
    // The token travels in the URL by protocol necessity; it must never reach a log line.
    expect(server.logLines.some((line) => line.includes('access_token=[redacted]'))).toBe(true);
    expect(server.logLines.join('\n')).not.toContain(physician.accessToken);
  });

  it('closes with a close message when the client stays silent past the timeout', async () => {
    const { connectionToken } = await negotiate(physician);
    const raw = await openRaw(pushUrl(server.baseUrl, connectionToken, physician.accessToken));
    raw.socket.send(HANDSHAKE);
    const close = await raw.nextRecord((record) => record.type === 7, SHORT_PUSH_TIMINGS.clientTimeoutMs + 2000);
    expect(close).toEqual({ type: 7, error: expect.stringMatching(/timeout/i), allowReconnect: true });
    await raw.closed;
  });

  it('on shutdown tells each client it may reconnect, and the app closes promptly', async () => {
    const other = await startTestApp({ deps: { pushTimings: SHORT_PUSH_TIMINGS } });
    const client = await loginAs(other, (await createTestUser(other)).email);
    const { connectionToken } = await negotiate(client);
    const raw = await openRaw(pushUrl(other.baseUrl, connectionToken, client.accessToken));
    raw.socket.send(HANDSHAKE);
    await raw.nextRecord(() => true);
    const startedAt = Date.now();
    await other.close();
    expect(Date.now() - startedAt).toBeLessThan(3000);
    expect(raw.records.find((record) => record.type === 7)).toEqual({
      type: 7,
      error: expect.any(String),
      allowReconnect: true,
    });
    await raw.closed;
  });
});
