import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/support/app';
import { testClock } from '../../../test/support/clock';
import { testEngineName } from '../../../test/support/database';

describe(`health and readiness (${testEngineName()})`, () => {
  let server: TestApp;
  beforeAll(async () => {
    server = await startTestApp();
  });
  afterAll(async () => {
    await server.close();
  });

  it('says it is alive and that its database answers', async () => {
    const health = await fetch(`${server.baseUrl}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok', missingFiles: 0 });

    const ready = await fetch(`${server.baseUrl}/api/ready`);
    expect(ready.status).toBe(200);
    expect(ready.headers.get('cache-control')).toBe('no-store');
  });

  it('answers an unknown API path with a 404 problem', async () => {
    const response = await fetch(`${server.baseUrl}/api/no-such-thing`);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(await response.json()).toMatchObject({
      status: 404,
      title: 'Not Found',
      detail: 'No route GET /api/no-such-thing.',
    });
  });

  it('reports not ready once the database is gone', async () => {
    const other = await startTestApp();
    await other.database.close();
    const ready = await fetch(`${other.baseUrl}/api/ready`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ status: 503, detail: 'The database is not reachable.' });
    await other.close();
  });

  it('First the data folder is removed under the running server, then readiness and every call say 503, and the log says why', async () => {
    const clock = testClock();
    const other = await startTestApp({ deps: { now: clock.now } });
    expect((await fetch(`${other.baseUrl}/api/ready`)).status).toBe(200);
    rmSync(other.config.dataDir, { recursive: true, force: true });
    // The guard re-checks the folder at most once a second of the app's clock.
    clock.advanceSeconds(1.1);
    const ready = await fetch(`${other.baseUrl}/api/ready`);
    expect(ready.status).toBe(503);
    expect(ready.headers.get('retry-after')).toBe('10');
    expect(((await ready.json()) as { detail: string }).detail).toContain('data folder changed');
    expect((await fetch(`${other.baseUrl}/api/auth/recoveryrequest`, { method: 'POST' })).status).toBe(503);
    expect((await fetch(`${other.baseUrl}/api/health`)).status).toBe(200);
    expect(other.logLines.some((line) => line.includes('"level":60') && line.includes('is gone'))).toBe(true);
    await other.close();
  });
});
