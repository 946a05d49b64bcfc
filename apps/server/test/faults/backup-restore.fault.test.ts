import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FILE_KINDS } from '@graftmatch/domain';
import { SQLite } from '../../src/db/sqlite-module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngineName } from '../support/database';
import { createFaultStorage, type FaultStorage } from './engine';
import { loginAdmin, runGraftmatch, startFaultServer, type Admin } from './fault-server';

// Backups hold the files (docs/operations.md, "Backup and restore"): the demo is backed up while
// it runs, restored onto a fresh DATA_DIR, and every one of its files downloads byte for byte. On
// PostgreSQL the database stays where it is (the printed pg_dump/pg_restore commands are its part).

interface FileRow {
  kind: string;
  name: string;
  storage_key: string;
}

const typeOf = (kind: string) => String(FILE_KINDS.find((info) => info.name === kind)?.kind);

/** The admin's headers for a request without a body (a JSON content type with no body is refused). */
function withoutBody(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => name !== 'content-type'));
}

async function download(baseUrl: string, admin: Admin, row: FileRow): Promise<Response> {
  return fetch(`${baseUrl}/api/file/getfile/${typeOf(row.kind)}/${encodeURIComponent(row.name)}`, {
    headers: { authorization: admin.headers.authorization ?? '' },
  });
}

describe(`fault: backup and restore with the files (${testEngineName()})`, () => {
  let source: FaultStorage;
  const fresh = mkdtempSync(path.join(os.tmpdir(), 'graftmatch-restored-'));
  const backupDir = path.join(os.tmpdir(), `graftmatch-backup-${process.pid}-${Date.now()}`);
  beforeAll(async () => {
    source = await createFaultStorage();
  });
  afterAll(async () => {
    await source?.dispose();
    rmSync(fresh, { recursive: true, force: true });
    rmSync(backupDir, { recursive: true, force: true });
  });

  /** The file rows of the database a data folder uses. */
  async function fileRows(dataDir: string): Promise<FileRow[]> {
    const query = 'select kind, name, storage_key from graft_files order by storage_key';
    if (source.engine === 'postgres') {
      return source.select<FileRow>(query);
    }
    const db = new SQLite(path.join(dataDir, 'graftmatch.db'), { readonly: true });
    try {
      return db.prepare(query).all() as FileRow[];
    } finally {
      db.close();
    }
  }

  it(
    'First the demo runs and is backed up; then a file is deleted; restored onto a fresh DATA_DIR, every file of the backup downloads byte for byte',
    { timeout: 240_000 },
    async () => {
      const original = await startFaultServer(source.env);
      const backedUp = await fileRows(source.dataDir);
      expect(backedUp.length).toBeGreaterThan(0);
      const backup = runGraftmatch(['backup', backupDir], source.env);
      expect(backup.code, backup.stderr).toBe(0);
      expect(backup.stdout).toContain(`${backedUp.length} files copied to ${backupDir}/files`);
      if (source.engine === 'postgres') {
        expect(backup.stdout).toContain(
          `pg_dump --format=custom --file="${backupDir}/graftmatch.dump" "$DATABASE_URL"`,
        );
      }
      const bytesOf = new Map(
        backedUp.map((row) => [row.storage_key, readFileSync(path.join(source.dataDir, 'files', row.storage_key))]),
      );
      // A file deleted after the backup: restored in place, it must come back with its row.
      const admin = await loginAdmin(original.baseUrl, source.dataDir);
      const [deleted] = backedUp;
      const gone = await fetch(
        `${original.baseUrl}/api/media/files/${typeOf(deleted?.kind ?? '')}/${encodeURIComponent(deleted?.name ?? '')}`,
        { method: 'DELETE', headers: withoutBody(admin.headers) },
      );
      expect(gone.status).toBe(200);
      await original.kill('SIGTERM');
      const printed = runGraftmatch(['audit', 'public-key'], source.env);
      expect(printed.code, printed.stderr).toBe(0);
      const publicKey = path.join(fresh, '..', `${path.basename(fresh)}.pub`);
      writeFileSync(publicKey, printed.stdout);

      const freshEnv = { ...source.env, DATA_DIR: fresh };
      const restore = runGraftmatch(['restore', backupDir], freshEnv);
      expect(restore.code, restore.stderr).toBe(0);
      expect(restore.stdout).toContain(`put ${backedUp.length} files back into ${fresh}/files`);
      if (source.engine === 'postgres') {
        expect(restore.stdout).toContain(
          `pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" "${backupDir}/graftmatch.dump"`,
        );
      }
      // The audit chain came back with the database: it verifies with the public key of before.
      const verified = runGraftmatch(['audit', 'verify', '--public-key', publicKey], freshEnv);
      rmSync(publicKey);
      expect(verified.code, verified.stderr).toBe(0);
      expect(verified.stdout).toMatch(/^[\d,]+ rows, [\d,]+ checkpoints, chain intact up to seq [\d,]+$/m);
      const restored = await startFaultServer(freshEnv);
      try {
        const reader = await loginAdmin(restored.baseUrl, fresh);
        // On PostgreSQL the database was not restored (that is pg_restore's part): the deleted file has no row there.
        const rows = source.engine === 'postgres' ? backedUp.slice(1) : backedUp;
        expect(await fileRows(fresh)).toEqual(rows);
        for (const row of rows) {
          const answer = await download(restored.baseUrl, reader, row);
          expect(answer.status, row.name).toBe(200);
          expect(Buffer.from(await answer.arrayBuffer()).equals(bytesOf.get(row.storage_key) as Buffer), row.name).toBe(
            true,
          );
        }
        const ready = (await (await fetch(`${restored.baseUrl}/api/ready`)).json()) as { missingFiles: number };
        expect(ready.missingFiles).toBe(0);
      } finally {
        await restored.kill('SIGTERM');
      }

      if (source.engine === 'sqlite') {
        const inPlace = runGraftmatch(['restore', backupDir], source.env);
        expect(inPlace.code, inPlace.stderr).toBe(0);
        const again = await startFaultServer(source.env);
        try {
          expect(await fileRows(source.dataDir)).toEqual(backedUp);
          const answer = await download(
            again.baseUrl,
            await loginAdmin(again.baseUrl, source.dataDir),
            deleted as FileRow,
          );
          expect(answer.status).toBe(200);
          expect(
            Buffer.from(await answer.arrayBuffer()).equals(bytesOf.get(deleted?.storage_key ?? '') as Buffer),
          ).toBe(true);
        } finally {
          await again.kill('SIGTERM');
        }
      }
    },
  );
});
