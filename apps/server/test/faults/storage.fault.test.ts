import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SQLite } from '../../src/db/sqlite-module';
import { testEngineName } from '../support/database';
import { createFaultStorage, type FaultStorage } from './engine';
import { addClinic, loginAdmin, runGraftmatch, sleep, startFaultServer, writeContinuously } from './fault-server';

// Disk full and restore after a crash concern the embedded SQLite file; on PostgreSQL its own
// server owns the disk and backups are pg_dump's (docs/operations.md).
const sqliteOnly = testEngineName() === 'sqlite';
if (!sqliteOnly) {
  console.warn('fault suite: disk full and restore after a crash not run on PostgreSQL (they concern the SQLite file)');
}

/** A 24 MiB tmpfs for the data folder, when this machine lets the test mount one. */
function mountSmallDisk(): string | null {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'graftmatch-full-'));
  const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=24m', 'tmpfs', dir], { encoding: 'utf8' });
  if (mounted.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    return null;
  }
  return dir;
}

describe.runIf(sqliteOnly)(`fault: disk full, and restore after a crash (${testEngineName()})`, () => {
  it(
    'First the disk fills up: writes answer 503 with Retry-After and the log names SQLITE_FULL; then space returns and writes work again',
    { timeout: 120_000 },
    async () => {
      const disk = mountSmallDisk();
      if (!disk) {
        console.warn('fault suite: disk full not run: this machine does not allow mounting a tmpfs (mount -t tmpfs)');
        return;
      }
      const dataDir = path.join(disk, 'data');
      mkdirSync(dataDir);
      const server = await startFaultServer({ DATA_DIR: dataDir });
      try {
        const admin = await loginAdmin(server.baseUrl, dataDir);
        expect(await addClinic(server.baseUrl, admin, 'Before the disk filled')).toBe(true);
        // The demo's seed leaves a WAL of megabytes, which SQLite reuses from its start without
        // growing it; truncated, the next writes must take new space, as on a server running long.
        const direct = new SQLite(path.join(dataDir, 'graftmatch.db'));
        try {
          direct.pragma('wal_checkpoint(TRUNCATE)');
        } finally {
          direct.close();
        }
        const filler = path.join(disk, 'filler');
        spawnSync('dd', ['if=/dev/zero', `of=${filler}`, 'bs=1M', 'count=64'], { encoding: 'utf8' });
        let refused: Response | undefined;
        for (let n = 0; n < 50 && !refused; n++) {
          const answer = await fetch(`${server.baseUrl}/api/admin/clinics/add`, {
            method: 'POST',
            headers: admin.headers,
            body: JSON.stringify({ c_Name: `While full ${n} ${'x'.repeat(150)}` }),
          });
          if (answer.status !== 201) {
            refused = answer;
          }
        }
        expect(refused?.status).toBe(503);
        expect(refused?.headers.get('retry-after')).toBe('10');
        // The log line may reach the pipe just after the answer.
        for (let waited = 0; waited < 5000 && !server.output().includes('SQLITE_FULL'); waited += 100) {
          await sleep(100);
        }
        expect(server.output(), server.output()).toContain('SQLITE_FULL');
        expect(server.output()).not.toContain('no transaction is active');
        rmSync(filler);
        expect(await addClinic(server.baseUrl, admin, 'After space returned')).toBe(true);
        expect(server.child.exitCode).toBeNull();
      } finally {
        await server.kill('SIGTERM');
        spawnSync('umount', [disk]);
        rmSync(disk, { recursive: true, force: true });
      }
    },
  );

  describe('restore', () => {
    let storage: FaultStorage;
    beforeAll(async () => {
      storage = await createFaultStorage();
    });
    afterAll(async () => {
      await storage?.dispose();
    });

    it(
      'First a backup is taken under writes, then the server is killed mid-write; restore refuses while a server runs, then puts the backup back whole',
      { timeout: 150_000 },
      async () => {
        let server = await startFaultServer(storage.env);
        const admin = await loginAdmin(server.baseUrl, storage.dataDir);
        const backupDir = path.join(os.tmpdir(), `graftmatch-fault-backup-${process.pid}`);
        const before = writeContinuously(server.baseUrl, admin, 'before-backup');
        await sleep(300);
        const backup = runGraftmatch(['backup', backupDir], storage.env);
        await before.stop();
        expect(backup.code, backup.stderr).toBe(0);

        const refused = runGraftmatch(['restore', backupDir], storage.env);
        expect(refused.code).toBe(1);
        expect(refused.stderr).toMatch(/a server \(process \d+ at http.+\) is using DATA_DIR/);

        const after = writeContinuously(server.baseUrl, admin, 'after-backup');
        await sleep(400);
        await server.kill('SIGKILL');
        await after.stop();
        writeFileSync(path.join(storage.dataDir, 'not-a-backup.db'), 'garbage');
        expect(runGraftmatch(['restore', path.join(storage.dataDir, 'not-a-backup.db')], storage.env).code).toBe(1);

        const restored = runGraftmatch(['restore', backupDir], storage.env);
        expect(restored.code, restored.stderr).toBe(0);
        expect(restored.stdout).toContain('-wal');
        server = await startFaultServer(storage.env);
        try {
          expect((await fetch(`${server.baseUrl}/api/ready`)).status).toBe(200);
          const { names, integrity } = await storage.inspect();
          expect(integrity).toBe('ok');
          expect([...names].some((name) => name.startsWith('after-backup'))).toBe(false);
          expect(await addClinic(server.baseUrl, admin, 'after the restore')).toBe(true);
        } finally {
          await server.kill('SIGTERM');
          rmSync(backupDir, { recursive: true, force: true });
        }
      },
    );
  });
});
