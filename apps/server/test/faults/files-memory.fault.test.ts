import type { Graft } from '@graftmatch/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngineName } from '../support/database';
import { createFaultStorage, type FaultStorage } from './engine';
import { loginAdmin, startFaultServer, type Admin, type FaultServer } from './fault-server';
import { dicomZipStream, downloadHash, residentBytes, streamUpload } from './uploads';

// Files (docs/performance.md, "Files"): memory stays flat while a large file streams through the server. 3,200 slices of
// 64 KiB make a 200 MiB DICOM zip (within the DICOM limits: 1 GiB, 10,000 entries).
const ENTRIES = 3200;
const ENTRY_BYTES = 64 * 1024;
const MB = 1024 * 1024;
const MAX_GROWTH = 50 * MB;
/** 20 MiB first, so the heap and buffer pools have grown to their working size before the baseline. */
const WARM_UP_ENTRIES = 320;

/** Only the bearer token: a download sends no anti-forgery pair. */
const authorizationOf = (admin: Admin) => ({ authorization: admin.headers.authorization ?? '' });

describe(`fault: a 200 MB DICOM zip up and down keeps the server's memory flat (${testEngineName()})`, () => {
  let storage: FaultStorage;
  let server: FaultServer;
  let admin: Admin;
  let lot: string;
  beforeAll(async () => {
    storage = await createFaultStorage();
    server = await startFaultServer(storage.env);
    admin = await loginAdmin(server.baseUrl, storage.dataDir);
    const [graft] = await storage.select<{ e_lot: string }>('select e_lot from grafts order by e_lot limit 1');
    lot = graft?.e_lot ?? '';
  }, 120_000);
  afterAll(async () => {
    await server?.kill('SIGKILL');
    await storage?.dispose();
  });

  it(
    'First a small zip warms the upload and download paths; then 200 MB go up and come back whole, and the resident memory grows by less than 50 MB',
    { timeout: 300_000 },
    async () => {
      const pid = server.child.pid ?? 0;
      const warmUp = streamUpload(
        server.baseUrl,
        admin,
        { lot, type: '5' },
        'warm-up.zip',
        dicomZipStream(WARM_UP_ENTRIES, ENTRY_BYTES),
      );
      expect(await warmUp.answer).toMatchObject({ status: 200 });
      expect(
        (await downloadHash(`${server.baseUrl}/api/file/getfile/5/warm-up.zip`, authorizationOf(admin))).status,
      ).toBe(200);

      const baseline = residentBytes(pid);
      let peak = baseline;
      const sampler = setInterval(() => (peak = Math.max(peak, residentBytes(pid))), 50);
      try {
        const upload = streamUpload(
          server.baseUrl,
          admin,
          { lot, type: '5' },
          'large-series.zip',
          dicomZipStream(ENTRIES, ENTRY_BYTES),
        );
        const answer = await upload.answer;
        if (answer instanceof Error) {
          throw answer;
        }
        expect(answer.status, answer.body).toBe(200);
        const graft = JSON.parse(answer.body) as Graft;
        const stored = graft.dicomFiles.find((file) => file.name === 'large-series.zip');
        expect(stored?.size).toBe(upload.sent());
        expect(upload.sent()).toBeGreaterThan(200 * MB);

        const download = await downloadHash(
          `${server.baseUrl}/api/file/getfile/5/large-series.zip`,
          authorizationOf(admin),
        );
        expect(download).toEqual({ status: 200, bytes: upload.sent(), sha256: await upload.sha256 });
      } finally {
        clearInterval(sampler);
      }
      peak = Math.max(peak, residentBytes(pid));
      const growth = peak - baseline;
      console.warn(
        `files memory: RSS ${(baseline / MB).toFixed(1)} MB before, peak ${(peak / MB).toFixed(1)} MB, growth ${(growth / MB).toFixed(1)} MB for 2 × ${((ENTRIES * ENTRY_BYTES) / MB).toFixed(0)} MB streamed`,
      );
      expect(growth).toBeLessThan(MAX_GROWTH);
    },
  );
});
