import { mkdirSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { ListStatus } from '@graftmatch/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, filesDir } from '../../app';
import { demoPhoto, simplePdf } from '../../demo/demo-files/documents';
import { expectProblem, startSeededApp, today, type SeededApp } from '../../../test/support/clinical';
import { TestClient } from '../../../test/support/client';
import { testEngineName } from '../../../test/support/database';
import { uploadFiles } from '../../../test/support/files';

// The sweep's rules (docs/operations.md, "Files folder"): it removes only stale temporary files; a
// row whose file is missing stays (an alarm: logged, counted by the health answers, its download
// 503), and no file a row names is ever deleted.

const SWEEP_EVERY_MS = 200;
const ELEVEN_MINUTES_AGO = () => new Date(Date.now() - 11 * 60 * 1000);

let app: SeededApp;
let restarted: FastifyInstance | undefined;
const restartedLog: string[] = [];
let lot: string;
let xLot: string;
let present: { name: string; bytes: Buffer };
let missing: { name: string; bytes: Buffer };

const root = () => filesDir(app.server.config);
const rows = () => app.server.database.db.selectFrom('graftFiles').select(['name', 'storageKey']).execute();
const tempFiles = () => readdirSync(path.join(root(), '.tmp')).sort();
const missingFiles = async (baseUrl: string) =>
  ((await (await fetch(`${baseUrl}/api/ready`)).json()) as { missingFiles?: number }).missingFiles;

async function until(what: string, check: () => Promise<boolean>): Promise<void> {
  for (const deadline = Date.now() + 10_000; Date.now() < deadline;) {
    if (await check()) {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting until ${what}`);
}

beforeAll(async () => {
  app = await startSeededApp({ deps: { fileSweepIntervalMs: SWEEP_EVERY_MS } });
  const graft = await app.server.database.db
    .selectFrom('grafts')
    .select(['eLot', 'xLot'])
    .where('euteId', '=', app.ids.euteX)
    .where('xLot', 'is not', null)
    .where('listStatus', '=', ListStatus.Free)
    .where('expiryDate', '>=', today())
    .orderBy('eLot')
    .executeTakeFirstOrThrow();
  lot = graft.eLot;
  xLot = graft.xLot ?? '';
  present = { name: 'kept release.pdf', bytes: await simplePdf('Release', ['kept'], new Date('2026-01-01')) };
  missing = { name: 'lost photo.jpg', bytes: await demoPhoto('lost', 10, 320, 240) };
  expect((await uploadFiles(app.clients.employeeX, lot, '1', [present])).status).toBe(200);
  expect((await uploadFiles(app.clients.employeeX, lot, '0', [{ ...missing, contentType: 'image/jpeg' }])).status).toBe(
    200,
  );
}, 120_000);

afterAll(async () => {
  await restarted?.close();
  await app?.server.close();
});

describe(`the file sweep (${testEngineName()})`, () => {
  it('First a file vanishes from the folder: the periodic sweep keeps its row and every other file, removes only stale temporary files, and the health answers count it', async () => {
    const [lostRow] = (await rows()).filter((row) => row.name === missing.name);
    rmSync(path.join(root(), lostRow?.storageKey ?? ''));
    mkdirSync(path.join(root(), '.tmp'), { recursive: true });
    writeFileSync(path.join(root(), '.tmp', 'stale.part'), 'half an upload');
    utimesSync(path.join(root(), '.tmp', 'stale.part'), ELEVEN_MINUTES_AGO(), ELEVEN_MINUTES_AGO());
    writeFileSync(path.join(root(), '.tmp', 'in-flight.part'), 'an upload going on');
    writeFileSync(path.join(root(), 'photos', 'no-row'), 'an object without a row');
    const before = await rows();

    await until('the sweep counted the missing file', async () => (await missingFiles(app.server.baseUrl)) === 1);
    await until('the sweep removed the stale temporary file', async () => !tempFiles().includes('stale.part'));
    expect(await rows()).toEqual(before);
    expect(tempFiles()).toEqual(['in-flight.part']);
    expect(readdirSync(path.join(root(), 'photos'))).toContain('no-row');
    expect(await (await fetch(`${app.server.baseUrl}/api/health`)).json()).toEqual({ status: 'ok', missingFiles: 1 });
    const alarm = app.server.logLines.find((line) => line.includes('"level":50') && line.includes('missing'));
    expect(alarm).toContain(lostRow?.storageKey);
  });

  it('answers the missing file with 503 problem+json and logs it, and still serves the others', async () => {
    const client = app.clients.physicianA;
    const lost = await client.get(`/api/file/getfile/0/${encodeURIComponent(missing.name)}`);
    expect((await expectProblem(lost, 503)).detail).toContain('missing');
    expect(lost.headers.get('retry-after')).toBe('10');
    for (const url of [
      `/api/file/getzipfile/0/${lot}`,
      `/api/file/getimage/${xLot}`,
      `/api/file/getimage/${xLot}?thumb=true`,
    ]) {
      await expectProblem(await client.get(url), 503);
    }
    const kept = await client.get(`/api/file/getfile/1/${encodeURIComponent(present.name)}`);
    expect(kept.status).toBe(200);
    expect(Buffer.from(await kept.arrayBuffer()).equals(present.bytes)).toBe(true);
    await until('the download logged its alarm', async () =>
      app.server.logLines.some((line) => line.includes('"level":50') && line.includes('missing from the files folder')),
    );
  });

  it('Then the server starts again on the same data: the start-up sweep keeps every row and file', async () => {
    const before = await rows();
    const objects = readdirSync(root(), { recursive: true }).sort();
    await app.server.app.close();
    restarted = await buildApp({
      config: app.server.config,
      database: app.server.database,
      webRoot: null,
      logStream: new Writable({
        write: (chunk: Buffer, _encoding, done) => done(void restartedLog.push(String(chunk))),
      }),
    });
    await restarted.listen({ port: 0, host: '127.0.0.1' });
    const address = restarted.server.address();
    const baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    expect(await missingFiles(baseUrl)).toBe(1);
    expect(await rows()).toEqual(before);
    const after = readdirSync(root(), { recursive: true }).sort();
    expect(after.filter((entry) => !String(entry).startsWith('.tmp'))).toEqual(
      objects.filter((entry) => !String(entry).startsWith('.tmp')),
    );
    const reader = Object.assign(new TestClient(baseUrl), { accessToken: app.clients.physicianA.accessToken });
    const lost = await reader.get(`/api/file/getfile/0/${encodeURIComponent(missing.name)}`);
    expect(lost.status).toBe(503);
    expect(restartedLog.join('')).toContain('missing');
  });
});
