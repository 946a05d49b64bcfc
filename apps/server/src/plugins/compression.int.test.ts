import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/support/app';
import { startSeededApp, type SeededApp } from '../../test/support/clinical';
import { testEngineName } from '../../test/support/database';

describe('compressed API answers', () => {
  let server: TestApp;
  beforeAll(async () => {
    server = await startTestApp();
  });
  afterAll(() => server.close());

  it('compresses a large JSON answer in the encoding the client prefers', async () => {
    for (const [accepted, encoding] of [
      ['br, gzip', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const response = await fetch(`${server.baseUrl}/api/docs/json`, { headers: { 'accept-encoding': accepted } });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-encoding')).toBe(encoding);
      expect(response.headers.get('vary')).toMatch(/accept-encoding/i);
      expect(((await response.json()) as { openapi: string }).openapi).toMatch(/^3\./);
    }
  });

  it('sends small answers and clients that ask for no encoding the plain bytes', async () => {
    const small = await fetch(`${server.baseUrl}/api/health`, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.status).toBe(200);
    expect(small.headers.get('content-encoding')).toBeNull();

    const plain = await fetch(`${server.baseUrl}/api/docs/json`, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(Number(plain.headers.get('content-length'))).toBeGreaterThan(1024);
  });
});

describe(`compressed cached answers (${testEngineName()})`, () => {
  let seeded: SeededApp;
  beforeAll(async () => {
    seeded = await startSeededApp();
  }, 120_000);
  afterAll(() => seeded?.server.close());

  it('sends a cached search compressed as the client asks, the same answer every time', async () => {
    const search = {
      query_type: 5,
      query_d_min: 10,
      query_d_max: 20,
      query_l_min: 10,
      query_l_l_min: 0,
      query_l_r_min: 0,
    };
    const ask = async (accepted: string) => {
      const response = await fetch(`${seeded.server.baseUrl}/api/physician/graftsearch`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${seeded.clients.physicianA.accessToken}`,
          'content-type': 'application/json',
          'accept-encoding': accepted,
        },
        body: JSON.stringify(search),
      });
      expect(response.status).toBe(200);
      return { encoding: response.headers.get('content-encoding'), body: await response.text() };
    };
    const plain = await ask('identity');
    expect(plain.encoding).toBeNull();
    expect(plain.body.length).toBeGreaterThan(1024);
    for (const [accepted, encoding] of [
      ['br, gzip', 'br'],
      ['br, gzip', 'br'],
      ['gzip', 'gzip'],
      ['gzip;q=1, br;q=0', 'gzip'],
    ] as const) {
      expect(await ask(accepted)).toEqual({ encoding, body: plain.body });
    }
  });
});
