import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SQLite } from './db/sqlite-module';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, startCli, waitForExit, waitUntilHealthy } from '../test/support/process';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'graftmatch-shutdown-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('graceful shutdown', () => {
  it('finishes the requests in flight on SIGTERM, keeps every answered write, and exits 0 within 10 s', async () => {
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const server = startCli(['serve', '--demo'], { DATA_DIR: dataDir, HOST: '127.0.0.1', PORT: String(port) });
    const exited = waitForExit(server, 60_000);
    await waitUntilHealthy(baseUrl);

    // Each accepted login writes a two-factor challenge: a write whose answer we can check afterwards.
    const basic = `Basic ${Buffer.from('dr.berg@demo.graftmatch.example:demo-graftmatch').toString('base64')}`;
    const inFlight = Array.from({ length: 30 }, () =>
      fetch(`${baseUrl}/api/auth/login`, { headers: { authorization: basic } }).then(
        async (response) => (response.ok ? ((await response.json()) as { twoFactorId: string }).twoFactorId : null),
        () => null,
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    const signalledAt = Date.now();
    server.kill('SIGTERM');

    const answered = (await Promise.all(inFlight)).filter((id): id is string => id !== null);
    const result = await exited;
    expect(result.code, result.stderr).toBe(0);
    expect(Date.now() - signalledAt).toBeLessThan(10_000);
    expect(answered.length).toBeGreaterThan(0);

    const db = new SQLite(path.join(dataDir, 'graftmatch.db'), { readonly: true });
    try {
      const stored = new Set(
        (db.prepare('select id from two_factor_challenges').all() as { id: string }[]).map((row) => row.id),
      );
      for (const id of answered) {
        expect(stored.has(id), `challenge ${id} was answered but is not stored`).toBe(true);
      }
    } finally {
      db.close();
    }
  });
});
