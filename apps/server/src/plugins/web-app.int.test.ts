import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/support/app';

describe('serving the web app beside the API', () => {
  let server: TestApp;
  let webRoot: string;
  beforeAll(async () => {
    webRoot = mkdtempSync(path.join(os.tmpdir(), 'graftmatch-web-'));
    writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>GraftMatch</title>');
    mkdirSync(path.join(webRoot, 'assets'));
    writeFileSync(path.join(webRoot, 'assets', 'app-1234.js'), 'console.log(1)');
    // What the web build's precompression writes beside each file.
    const shell = '<!doctype html><title>GraftMatch</title>';
    writeFileSync(path.join(webRoot, 'index.html.br'), brotliCompressSync(shell));
    writeFileSync(path.join(webRoot, 'index.html.gz'), gzipSync(shell));
    writeFileSync(path.join(webRoot, 'assets', 'app-1234.js.br'), brotliCompressSync('console.log(1)'));
    writeFileSync(path.join(webRoot, 'assets', 'app-1234.js.gz'), gzipSync('console.log(1)'));
    server = await startTestApp({ deps: { webRoot } });
  });
  afterAll(async () => {
    await server.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it('answers the app shell at / and at any client-side route, so deep links load', async () => {
    for (const route of ['/', '/home/clinic/search/aortic_valve', '/recover/abc']) {
      const response = await fetch(server.baseUrl + route);
      expect(response.status, route).toBe(200);
      expect(await response.text()).toContain('<title>GraftMatch</title>');
      expect(response.headers.get('cache-control')).toBe('no-cache');
    }
  });

  it('serves fingerprinted assets as immutable and keeps API misses as problems', async () => {
    const asset = await fetch(`${server.baseUrl}/assets/app-1234.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');

    const missingAsset = await fetch(`${server.baseUrl}/assets/missing.js`);
    expect(missingAsset.status).toBe(404);

    const api = await fetch(`${server.baseUrl}/api/unknown/route`);
    expect(api.status).toBe(404);
    expect(api.headers.get('content-type')).toMatch(/problem\+json/);
  });

  it('answers a path segment over 100 characters with 414 problem+json, as the API does without the web app', async () => {
    for (const [method, path] of [
      ['GET', '/api/file/getfile/0/'],
      ['HEAD', '/api/file/getfile/0/'],
      ['GET', '/api/admin/users/'],
      ['DELETE', '/api/media/files/0/'],
    ]) {
      const response = await fetch(`${server.baseUrl}${path}${'a'.repeat(101)}`, { method });
      expect(response.status, `${method} ${path}`).toBe(414);
      expect(response.headers.get('content-type'), `${method} ${path}`).toMatch(/problem\+json/);
    }
    // Percent-encoded characters count once decoded: 100 umlauts are 100 characters.
    const umlauts = encodeURIComponent('ü'.repeat(100));
    expect((await fetch(`${server.baseUrl}/api/file/getfile/0/${umlauts}`)).status).toBe(401);
    expect((await fetch(`${server.baseUrl}/api/file/getfile/0/${umlauts}ü`)).status).toBe(414);
  });

  it('sends the precompressed copy the browser accepts, with its encoding, and the file itself otherwise', async () => {
    for (const [accepted, encoding] of [
      ['br, gzip', 'br'],
      ['gzip', 'gzip'],
      ['identity', null],
    ] as const) {
      for (const route of ['/assets/app-1234.js', '/', '/home/clinic/search']) {
        const response = await fetch(server.baseUrl + route, { headers: { 'accept-encoding': accepted } });
        expect(response.status, `${route} ${accepted}`).toBe(200);
        expect(response.headers.get('content-encoding'), `${route} ${accepted}`).toBe(encoding);
        expect(response.headers.get('vary'), route).toMatch(/accept-encoding/i);
        // fetch undoes the encoding: the text is the file's whichever copy was sent.
        expect(await response.text()).toMatch(route.endsWith('.js') ? 'console.log(1)' : '<title>GraftMatch</title>');
      }
    }
    const asset = await fetch(`${server.baseUrl}/assets/app-1234.js`, { headers: { 'accept-encoding': 'br' } });
    expect(asset.headers.get('content-type')).toMatch(/javascript/);
    expect(asset.headers.get('cache-control')).toContain('immutable');
  });

  it('serves a file the web build added after the server started, and refuses to leave its folder', async () => {
    writeFileSync(path.join(webRoot, 'assets', 'app-5678.js'), 'console.log(2)');
    const rebuilt = await fetch(`${server.baseUrl}/assets/app-5678.js`);
    expect(rebuilt.status).toBe(200);
    expect(await rebuilt.text()).toBe('console.log(2)');

    const escape = await fetch(`${server.baseUrl}/assets/..%2f..%2f..%2fetc%2fpasswd`);
    expect([403, 404]).toContain(escape.status);
    expect(await escape.text()).not.toContain('root:');
  });

  it('sends the security headers of docs/decisions.md §7', async () => {
    const response = await fetch(`${server.baseUrl}/`);
    const csp = response.headers.get('content-security-policy') ?? '';
    for (const directive of ["default-src 'self'", "object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"]) {
      expect(csp).toContain(directive);
    }
    expect(response.headers.get('strict-transport-security')).toContain('max-age=');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
  });
});
