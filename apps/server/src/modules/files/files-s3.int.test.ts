import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ListStatus, type Graft } from '@graftmatch/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filesDir } from '../../app';
import { backupInto } from '../../cli/backup';
import { demoPhoto } from '../../demo/demo-files/documents';
import { seedDemoWithFiles } from '../../demo/seed-demo-start';
import { createFileStorage } from '../../storage/file-storage';
import type { FileStorage } from '../../storage/storage';
import { startTestApp, type TestApp } from '../../../test/support/app';
import { loginAs } from '../../../test/support/auth';
import { aFreeGraftOfBankX, startSeededApp, type SeededApp } from '../../../test/support/clinical';
import { testEngineName } from '../../../test/support/database';
import { unzip, uploadFiles } from '../../../test/support/files';
import { startS3Peer, type S3Peer } from '../../../test/support/s3';

// The files routes on FILE_STORE=s3 (docs/operations.md, "File store: disk or S3"), against s3rver: an
// upload lands in the bucket, not in DATA_DIR/files; ranges, ETags, thumbnails, zips and the demo
// files work as on disk.

let peer: S3Peer;
beforeAll(async () => {
  peer = await startS3Peer();
});
afterAll(() => peer?.close());

async function keysIn(storage: FileStorage): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of storage.list()) {
    keys.push(object.key);
  }
  return keys.sort();
}

describe(`files in an S3 bucket (${testEngineName()})`, () => {
  let app: SeededApp;
  let bucket: FileStorage;
  let lot: string;
  let xLot: string;
  let photo: Buffer;
  beforeAll(async () => {
    app = await startSeededApp({ config: { fileStore: peer.fileStore }, deps: { fileSweepIntervalMs: 200 } });
    bucket = await createFileStorage(app.server.config);
    const graft = await aFreeGraftOfBankX(app);
    lot = graft.eLot;
    xLot = graft.xLot ?? '';
    photo = await demoPhoto('front', 200, 640, 480);
  }, 120_000);
  afterAll(() => app?.server.close());
  const missingFiles = async () =>
    ((await (await app.clients.anonymous.get('/api/health')).json()) as { missingFiles: number }).missingFiles;

  it('uploads a photo into the bucket and serves it whole, in a range, by ETag, as a thumbnail and in a zip', async () => {
    const upload = await uploadFiles(app.clients.employeeX, lot, '0', [
      { name: 'valve.jpg', bytes: photo, contentType: 'image/jpeg' },
    ]);
    expect(upload.status, await upload.clone().text()).toBe(200);
    const [row] = await app.server.database.db.selectFrom('graftFiles').selectAll().execute();
    expect(await keysIn(bucket)).toEqual([row?.storageKey]);
    expect(existsSync(filesDir(app.server.config)) ? readdirSync(filesDir(app.server.config)) : []).toEqual([]);

    const physician = app.clients.physicianB;
    const whole = await physician.get('/api/file/getfile/0/valve.jpg');
    expect(whole.status).toBe(200);
    expect(Buffer.from(await whole.arrayBuffer()).equals(photo)).toBe(true);
    const etag = whole.headers.get('etag') ?? '';

    const range = await physician.get('/api/file/getfile/0/valve.jpg', { headers: { range: 'bytes=100-1123' } });
    expect(range.status).toBe(206);
    expect(range.headers.get('content-range')).toBe(`bytes 100-1123/${photo.length}`);
    expect(Buffer.from(await range.arrayBuffer()).equals(photo.subarray(100, 1124))).toBe(true);
    const tail = await physician.get('/api/file/getfile/0/valve.jpg', { headers: { range: 'bytes=-10' } });
    expect(Buffer.from(await tail.arrayBuffer()).equals(photo.subarray(photo.length - 10))).toBe(true);

    const unchanged = await physician.get('/api/file/getfile/0/valve.jpg', { headers: { 'if-none-match': etag } });
    expect(unchanged.status).toBe(304);

    const thumb = await physician.get(`/api/file/getimage/${xLot}?thumb=true`);
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get('content-type')).toBe('image/webp');
    expect((await thumb.arrayBuffer()).byteLength).toBeGreaterThan(0);
    expect(await keysIn(bucket)).toEqual([row?.storageKey, `thumbs/${row?.storageKey}.webp`].sort());

    const zip = await physician.get(`/api/file/getzipfile/0/${lot}`);
    expect(zip.status).toBe(200);
    expect((await unzip(Buffer.from(await zip.arrayBuffer()))).get('valve.jpg')?.equals(photo)).toBe(true);

    const removed = await app.clients.employeeX.request('DELETE', '/api/media/files/0/valve.jpg');
    expect(removed.status).toBe(200);
    expect(await keysIn(bucket)).toEqual([]);
  });

  it('answers 503 for a recorded file whose object is gone from the bucket, and the health answer counts it', async () => {
    const upload = await uploadFiles(app.clients.employeeX, lot, '1', [
      { name: 'gone.pdf', bytes: Buffer.from('%PDF-1.4\n%%EOF\n') },
    ]);
    expect(upload.status, await upload.clone().text()).toBe(200);
    const row = await app.server.database.db
      .selectFrom('graftFiles')
      .select('storageKey')
      .where('name', '=', 'gone.pdf')
      .executeTakeFirstOrThrow();
    await bucket.delete(row.storageKey);
    const missing = await app.clients.physicianB.get('/api/file/getfile/1/gone.pdf');
    expect(missing.status).toBe(503);
    const zip = await app.clients.physicianB.get(`/api/file/getzipfile/1/${lot}`);
    expect(zip.status).toBe(503);
    await expect.poll(missingFiles, { timeout: 10_000 }).toBe(1);
    await app.clients.employeeX.request('DELETE', '/api/media/files/1/gone.pdf');
    await expect.poll(missingFiles, { timeout: 10_000 }).toBe(0);
  });
});

describe(`graftmatch backup with FILE_STORE=s3 (${testEngineName()})`, () => {
  it('backs up the database only, and says that the bucket keeps the files', async () => {
    const server = await startTestApp({ config: { fileStore: peer.fileStore } });
    const scratch = mkdtempSync(path.join(os.tmpdir(), 'graftmatch-backup-'));
    try {
      const target = path.join(scratch, 'backup');
      const lines = await backupInto(server.database, server.config, target);
      expect(lines).toContain(
        `the graft files stay in S3 bucket "${peer.bucket}" and are not in this backup; the bucket's versioning or replication backs them up (docs/operations.md)`,
      );
      expect(readdirSync(target)).not.toContain('files');
      expect(JSON.parse(readFileSync(path.join(target, 'backup.json'), 'utf8'))).toMatchObject({
        files: 0,
        missing: 0,
      });
    } finally {
      rmSync(scratch, { recursive: true, force: true });
      await server.close();
    }
  });
});

describe(`demo files in an S3 bucket (${testEngineName()})`, () => {
  let server: TestApp;
  beforeAll(async () => {
    server = await startTestApp({ config: { fileStore: { ...peer.fileStore } } });
  });
  afterAll(() => server?.close());

  it('seeds every demo file into the bucket, and a physician reads a 3D model in two ranges', async () => {
    const storage = await createFileStorage(server.config);
    const summary = await seedDemoWithFiles(server.database.db, storage, { force: true });
    const rows = await server.database.db.selectFrom('graftFiles').select(['storageKey', 'size']).execute();
    expect(rows).toHaveLength(summary.files.files);
    for (const row of rows) {
      expect((await storage.stat(row.storageKey))?.size).toBe(Number(row.size));
    }
    const physician = await loginAs(server, 'dr.berg@demo.graftmatch.example');
    const { eLot } = await server.database.db
      .selectFrom('graftFiles')
      .innerJoin('grafts', 'grafts.id', 'graftFiles.graftId')
      .select('grafts.eLot')
      .where('grafts.listStatus', '=', ListStatus.Free)
      .where('graftFiles.kind', '=', 'stl')
      .orderBy('grafts.eLot')
      .executeTakeFirstOrThrow();
    const graft = (await (await physician.get(`/api/physician/graftsearch/${eLot}`)).json()) as Graft;
    const size = graft.stlFiles[0]?.size ?? 0;
    const whole = Buffer.from(await (await physician.get(`/api/file/getstlfile/${eLot}`)).arrayBuffer());
    expect(whole.length).toBe(size);
    const half = Math.floor(size / 2);
    const first = await physician.get(`/api/file/getstlfile/${eLot}`, { headers: { range: `bytes=0-${half - 1}` } });
    const second = await physician.get(`/api/file/getstlfile/${eLot}`, { headers: { range: `bytes=${half}-` } });
    expect([first.status, second.status]).toEqual([206, 206]);
    const joined = Buffer.concat([Buffer.from(await first.arrayBuffer()), Buffer.from(await second.arrayBuffer())]);
    expect(joined.equals(whole)).toBe(true);
  });
});
