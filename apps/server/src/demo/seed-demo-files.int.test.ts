import { ListStatus, type Graft } from '@graftmatch/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/support/app';
import { loginAs } from '../../test/support/auth';
import { testEngineName } from '../../test/support/database';
import { unzip } from '../../test/support/files';
import { createLocalDiskStorage } from '../storage/local-disk';
import { filesDir } from '../app';
import { seedDemoWithFiles, type SeedDemoWithFilesSummary } from './seed-demo-start';

// Demo files (docs/decisions.md, "Media on the details pages"): a fresh demo start has real files, so every viewer and download works at once.

describe(`demo files on ${testEngineName()}`, () => {
  let server: TestApp;
  let summary: SeedDemoWithFilesSummary;
  beforeAll(async () => {
    server = await startTestApp();
    summary = await seedDemoWithFiles(server.database.db, createLocalDiskStorage(filesDir(server.config)), {
      force: true,
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('attaches files to Free and Current grafts of both banks, each row with its stored object', async () => {
    const db = server.database.db;
    const rows = await db
      .selectFrom('graftFiles')
      .innerJoin('grafts', 'grafts.id', 'graftFiles.graftId')
      .select(['graftFiles.kind', 'graftFiles.size', 'graftFiles.storageKey', 'grafts.euteId', 'grafts.listStatus'])
      .execute();
    expect(rows).toHaveLength(summary.files.files);
    expect(new Set(rows.map((row) => row.euteId)).size).toBe(2);
    expect(new Set(rows.map((row) => row.listStatus))).toEqual(new Set([ListStatus.Free, ListStatus.Current]));
    expect(new Set(rows.map((row) => row.kind))).toEqual(
      new Set(['photos', 'stl', 'releaseStatements', 'deliveryNotes', 'dicom']),
    );
    const storage = createLocalDiskStorage(filesDir(server.config));
    for (const row of rows) {
      expect((await storage.stat(row.storageKey))?.size).toBe(Number(row.size));
    }
    const audit = await db.selectFrom('auditLog').select('after').where('action', '=', 'demo.files').execute();
    expect(audit.map((row) => JSON.parse(row.after ?? '{}') as unknown)).toEqual([summary.files]);
  });

  it('lets a demo physician see a Free graft with a 3D model, photos and a release statement, and zip the photos', async () => {
    const physician = await loginAs(server, 'dr.berg@demo.graftmatch.example');
    const lot = (
      await server.database.db
        .selectFrom('graftFiles')
        .innerJoin('grafts', 'grafts.id', 'graftFiles.graftId')
        .select('grafts.eLot')
        .where('grafts.listStatus', '=', ListStatus.Free)
        .where('graftFiles.kind', '=', 'stl')
        .orderBy('grafts.eLot')
        .executeTakeFirstOrThrow()
    ).eLot;
    const graft = (await (await physician.get(`/api/physician/graftsearch/${lot}`)).json()) as Graft;
    expect(graft.stlFiles).toHaveLength(1);
    expect(graft.fotoFiles).toHaveLength(2);
    expect(graft.releaseStatementFiles).toHaveLength(1);

    const model = await physician.get(`/api/file/getstlfile/${lot}`);
    expect(model.status).toBe(200);
    expect(model.headers.get('content-type')).toContain('model/stl');
    expect((await model.arrayBuffer()).byteLength).toBe(graft.stlFiles[0]?.size);

    const zip = await physician.get(`/api/file/getzipfile/0/${lot}`);
    expect(zip.status).toBe(200);
    const entries = await unzip(Buffer.from(await zip.arrayBuffer()));
    expect([...entries.keys()].sort()).toEqual(graft.fotoFiles.map((file) => file.name).sort());
  });
});
