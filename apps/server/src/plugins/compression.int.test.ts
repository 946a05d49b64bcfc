import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/support/app';

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
