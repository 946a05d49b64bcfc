import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/support/app';
import { createTestClinic, createTestUser, loginAs } from '../../test/support/auth';
import type { TestClient } from '../../test/support/client';
import { expectProblem } from '../../test/support/clinical';
import { testEngineName } from '../../test/support/database';

// Requests that go wrong before a handler runs: the router, the body parser and the WebSocket
// route. Each answers problem+json with a detail a person can act on, never a 5xx.

describe(`odd requests answer problem+json (${testEngineName()})`, () => {
  let server: TestApp;
  let physician: TestClient;
  beforeAll(async () => {
    server = await startTestApp();
    const clinicId = await createTestClinic(server);
    physician = await loginAs(server, (await createTestUser(server, { clinicIds: [clinicId] })).email);
  });
  afterAll(() => server.close());

  const expectDetail = async (response: Response, status: number, detail: RegExp) => {
    const problem = await expectProblem(response, status);
    expect(problem.detail).toMatch(detail);
  };

  it('refuses a path that is not percent-encoded correctly, and an overlong path segment, before routing', async () => {
    await expectDetail(
      await physician.get('/api/physician/graftsearch/%E0%A4%A'),
      400,
      /not correctly percent-encoded/,
    );
    await expectDetail(await physician.get(`/api/physician/graftsearch/${'a'.repeat(5000)}`), 414, /too long/);
  });

  it('answers an address over the header limit (20,000 characters) with 431 problem+json', async () => {
    const answer = await fetch(`${server.baseUrl}/api/physician/graftsearch/${'a'.repeat(20_000)}`);
    expect(answer.status).toBe(431);
    expect(answer.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(await answer.json()).toEqual({
      type: 'about:blank',
      title: 'Request Header Fields Too Large',
      status: 431,
      detail: expect.stringContaining('too large'),
    });
  });

  it('refuses bodies of the wrong type, size, syntax or shape', async () => {
    const search = '/api/physician/graftsearch';
    const raw = (contentType: string, body: string) =>
      physician.request('POST', search, { headers: { 'content-type': contentType }, body });
    await expectDetail(await raw('application/xml', '<query/>'), 415, /Unsupported Media Type/);
    await expectDetail(await raw('application/json', '{"query_type": 5,'), 400, /not valid JSON/);
    await expectDetail(await raw('application/json', '{"__proto__": {"admin": true}}'), 400, /not valid JSON/);
    await expectDetail(await physician.post(search, { huge: 'x'.repeat(1_100_000) }), 413, /too large/);
    await expectDetail(await physician.post('/api/physician/waitinglist', [{ query_type: 5 }]), 400, /must be object/);
  });

  it('answers a Long Polling poll for a connection that does not exist with 404', async () => {
    const answer = await physician.get('/api/push?id=abc');
    expect(answer.status).toBe(404);
    expect(answer.headers.get('content-type')).toMatch(/application\/problem\+json/);
  });

  it('answers an unknown API route with 404', async () => {
    await expectDetail(await physician.get('/api/no/such/route'), 404, /No route GET/);
  });
});
