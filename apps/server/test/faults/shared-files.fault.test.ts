import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simplePdf } from '../../src/demo/demo-files/documents';
import { testEngineName } from '../support/database';
import { freePort } from '../support/process';
import { createFaultStorage, type FaultStorage } from './engine';
import { loginAdmin, runGraftmatch, startFaultServer, type Admin, type FaultServer } from './fault-server';
import { filesFolder } from './uploads';

// Several instances on one PostgreSQL database must share DATA_DIR/files (docs/operations.md,
// "Files folder"). An instance with its own, empty folder is refused at start; with a shared one,
// each serves the other's uploads, and restarts delete no row and no file. SQLite has one process.
const postgresOnly = testEngineName() === 'postgres';
if (!postgresOnly) {
  console.warn('fault suite: two instances on one database not run on SQLite (one process owns the SQLite file)');
}

const SHARED_SECRET = { JWT_SECRET: 'two-instances-share-this-secret-0123456789abcdef' };

describe.runIf(postgresOnly)(`fault: two instances on one database (${testEngineName()})`, () => {
  let storage: FaultStorage;
  const folders: string[] = [];
  const tempFolder = (prefix: string) => {
    const folder = mkdtempSync(path.join(os.tmpdir(), prefix));
    folders.push(folder);
    return folder;
  };
  beforeAll(async () => {
    storage = await createFaultStorage();
  });
  afterAll(async () => {
    await storage?.dispose();
    for (const folder of folders) {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  const fileRows = () =>
    storage.select<{ id: string; storage_key: string }>('select id, storage_key from graft_files order by id');
  const storedFiles = () => [...filesFolder(storage.dataDir).objects.keys()].sort();

  async function upload(server: FaultServer, admin: Admin, lot: string, name: string, bytes: Buffer) {
    const form = new FormData();
    form.append('lot', lot);
    form.append('type', '1');
    form.append('files', new Blob([bytes], { type: 'application/pdf' }), name);
    const { authorization = '', cookie = '', 'x-xsrf-token': xsrf = '' } = admin.headers;
    return fetch(`${server.baseUrl}/api/media/uploadfiles`, {
      method: 'POST',
      headers: { authorization, cookie, 'x-xsrf-token': xsrf },
      body: form,
    });
  }

  it(
    'First a second instance with its own, empty files folder refuses to start; then with a shared folder an upload through one downloads through the other, and restarts of both delete no row and no file',
    { timeout: 300_000 },
    async () => {
      const envA = { ...storage.env, ...SHARED_SECRET };
      let first = await startFaultServer(envA);
      const rowsAtStart = await fileRows();
      expect(rowsAtStart.length).toBeGreaterThan(0);

      const lonely = tempFolder('graftmatch-lonely-');
      const refused = runGraftmatch(['serve'], {
        ...envA,
        DATA_DIR: lonely,
        HOST: '127.0.0.1',
        PORT: String(await freePort()),
      });
      expect(refused.code, refused.stdout).toBe(1);
      expect(refused.stderr.trim().split('\n')).toHaveLength(1);
      expect(refused.stderr).toMatch(
        new RegExp(
          `^graftmatch: the files folder "${lonely}/files" holds none of the ${rowsAtStart.length} files this database's rows name; several instances of one database must share DATA_DIR/files`,
        ),
      );
      expect(await fileRows()).toEqual(rowsAtStart);

      const dataB = tempFolder('graftmatch-second-');
      symlinkSync(path.join(storage.dataDir, 'files'), path.join(dataB, 'files'));
      const envB = { ...storage.env, ...SHARED_SECRET, DATA_DIR: dataB };
      let second = await startFaultServer(envB);
      try {
        const admin = await loginAdmin(first.baseUrl, storage.dataDir);
        const [graft] = await storage.select<{ e_lot: string }>('select e_lot from grafts order by e_lot limit 1');
        const bytes = await simplePdf('Shared folder', ['uploaded through the first instance'], new Date('2026-01-01'));
        const uploaded = await upload(first, admin, graft?.e_lot ?? '', 'shared-release.pdf', bytes);
        expect(uploaded.status, await uploaded.clone().text()).toBe(200);
        const viaSecond = await fetch(`${second.baseUrl}/api/file/getfile/1/shared-release.pdf`, {
          headers: { authorization: admin.headers.authorization ?? '' },
        });
        expect(viaSecond.status).toBe(200);
        expect(Buffer.from(await viaSecond.arrayBuffer()).equals(bytes)).toBe(true);

        const rows = await fileRows();
        const files = storedFiles();
        expect(rows).toHaveLength(rowsAtStart.length + 1);
        for (const restart of ['second', 'first', 'second'] as const) {
          if (restart === 'first') {
            await first.kill('SIGTERM');
            first = await startFaultServer(envA);
          } else {
            await second.kill('SIGTERM');
            second = await startFaultServer(envB);
          }
          expect(await fileRows(), `after restarting the ${restart}`).toEqual(rows);
          expect(storedFiles(), `after restarting the ${restart}`).toEqual(files);
        }
        for (const server of [first, second]) {
          expect(await (await fetch(`${server.baseUrl}/api/ready`)).json()).toEqual({ status: 'ok', missingFiles: 0 });
        }
      } finally {
        await second.kill('SIGTERM');
        await first.kill('SIGTERM');
      }
    },
  );
});
