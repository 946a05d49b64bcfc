import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { testEngineName } from '../support/database';
import { freePort, runCli } from '../support/process';
import { suiteFaultStorage } from './engine';
import { loginAdmin, sleep, startFaultServer } from './fault-server';
import { filesFolder, streamUpload } from './uploads';

// One server per data folder on the embedded database (docs/operations.md "One server per data
// folder"): a second `serve` exits before it opens anything, naming the first, which goes on serving.
// On PostgreSQL several instances share a folder by design (shared-files.fault.test.ts).
const sqliteOnly = testEngineName() === 'sqlite';
if (!sqliteOnly) {
  console.warn('fault suite: one server per data folder not run on PostgreSQL (instances share the folder there)');
}

describe.runIf(sqliteOnly)(`fault: a second server on the same data folder (${testEngineName()})`, () => {
  const storage = suiteFaultStorage();

  it(
    'First an upload is streaming; a second serve on the folder exits 1 naming the first; the upload then completes',
    { timeout: 120_000 },
    async () => {
      const server = await startFaultServer(storage().env);
      try {
        const admin = await loginAdmin(server.baseUrl, storage().dataDir);
        const [graft] = await storage().select<{ e_lot: string }>('select e_lot from grafts order by e_lot limit 1');
        const file = new PassThrough();
        const upload = streamUpload(server.baseUrl, admin, { lot: graft?.e_lot ?? '', type: 'stl' }, 'model.stl', file);
        // An ASCII STL, the first half now and the rest after the second server has given up.
        file.write(
          `solid model\n${'facet normal 0 0 1\n outer loop\n  vertex 0 0 0\n  vertex 1 0 0\n  vertex 0 1 0\n endloop\nendfacet\n'.repeat(2000)}`,
        );
        for (let waited = 0; filesFolder(storage().dataDir).temporaries.length === 0 && waited < 20_000; waited += 50) {
          await sleep(50);
        }

        const second = await runCli(
          ['serve'],
          { ...storage().env, HOST: '127.0.0.1', PORT: String(await freePort()) },
          60_000,
        );
        expect(second.code, second.stderr).toBe(1);
        expect(second.stderr.trim().split('\n')).toEqual([
          expect.stringMatching(
            new RegExp(
              `^graftmatch: a server \\(process ${server.child.pid} at http.+, since \\d{4}-.+\\) is using DATA_DIR "${storage().dataDir}"; stop it first`,
            ),
          ),
        ]);

        file.end(
          `${'facet normal 0 0 1\n outer loop\n  vertex 0 0 0\n  vertex 1 0 0\n  vertex 0 1 0\n endloop\nendfacet\n'.repeat(2000)}endsolid model\n`,
        );
        expect(await upload.answer).toMatchObject({ status: 200 });
        expect((await fetch(`${server.baseUrl}/api/health`)).status).toBe(200);
      } finally {
        await server.kill('SIGTERM');
      }
      // A stopped server gives the folder back: the next one starts.
      const next = await startFaultServer(storage().env);
      await next.kill('SIGTERM');
      expect(await next.exited).toBe(0);
    },
  );
});
