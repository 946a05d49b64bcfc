import { readdirSync } from 'node:fs';
import path from 'node:path';
import { FileKind, ListStatus, fileKindName, graftFileField, type Graft } from '@graftmatch/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filesDir } from '../../app';
import { dicomSlice } from '../../demo/demo-files/dicom';
import { demoPhoto, simplePdf } from '../../demo/demo-files/documents';
import { valveTubeStl } from '../../demo/demo-files/stl';
import { ROLES, expectProblem, startSeededApp, today, type Role, type SeededApp } from '../../../test/support/clinical';
import { testEngineName } from '../../../test/support/database';
import { unzip, uploadFiles, zipOf, type UploadedFile } from '../../../test/support/files';
import { pdfText } from '../../../test/support/pdf';

// Files (docs/api.md, "Files"): every kind uploaded, listed, downloaded, zipped and deleted, by every role, with
// visibility exactly as the graft's. Another bank's or clinic's file is 404.

interface Lots {
  /** Free, of employee X's bank: every physician reads, X and admins write. */
  freeX: string;
  freeXProcessed: string;
  /** Assigned to clinic A, of bank X: physician A reads, B does not. */
  clinicAX: string;
}

let app: SeededApp;
let lots: Lots;
let samples: Record<string, UploadedFile>;

const files = () =>
  readdirSync(filesDir(app.server.config), { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
const fileRows = () => app.server.database.db.selectFrom('graftFiles').selectAll().execute();

async function graftOf(response: Response): Promise<Graft> {
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as Graft;
}

async function bytes(response: Response): Promise<Buffer> {
  return Buffer.from(await response.arrayBuffer());
}

beforeAll(async () => {
  app = await startSeededApp();
  const db = app.server.database.db;
  const graftOfBank = (status: ListStatus, clinicId?: string) => {
    let query = db
      .selectFrom('grafts')
      .select(['eLot', 'xLot'])
      .where('euteId', '=', app.ids.euteX)
      .where('listStatus', '=', status)
      .where('expiryDate', '>=', today());
    query = clinicId ? query.where('clinicId', '=', clinicId) : query;
    return query.orderBy('eLot').executeTakeFirstOrThrow();
  };
  const free = await graftOfBank(ListStatus.Free);
  lots = {
    freeX: free.eLot,
    freeXProcessed: free.xLot ?? '',
    clinicAX: (await graftOfBank(ListStatus.Current, app.ids.clinicA)).eLot,
  };
  const at = new Date('2026-01-01T00:00:00Z');
  samples = {
    '0': { name: 'valve front.jpg', bytes: await demoPhoto('front', 200, 320, 240), contentType: 'image/jpeg' },
    '1': { name: 'release.pdf', bytes: await simplePdf('Release statement', ['released'], at) },
    '2': { name: 'allocation.pdf', bytes: await simplePdf('Allocation note', ['allocated'], at) },
    '3': { name: 'delivery.pdf', bytes: await simplePdf('Delivery note', ['delivered'], at) },
    '5': {
      name: 'series.zip',
      bytes: await zipOf({ 'CT/1.dcm': dicomSlice('1.2.3', 0), 'CT/2.dcm': dicomSlice('1.2.3', 1) }),
    },
    '6': { name: 'factsheet.pdf', bytes: await simplePdf('Factsheet', ['uploaded'], at) },
    stl: { name: 'valve.stl', bytes: valveTubeStl(22, 30, 12, 4) },
  };
}, 120_000);

afterAll(async () => {
  await app?.server.close();
});

describe(`files of every kind (${testEngineName()})`, () => {
  for (const type of ['0', '1', '2', '3', '5', '6', 'stl']) {
    it(`type ${type}: the bank uploads, readers list and download it, the zip holds it, the bank deletes it`, async () => {
      const sample = samples[type] as UploadedFile;
      const kind = fileKindName(type === 'stl' ? FileKind.Stl : (Number(type) as FileKind));
      const graft = await graftOf(await uploadFiles(app.clients.employeeX, lots.freeX, type, [sample]));
      const field = graftFileField(type === 'stl' ? FileKind.Stl : (Number(type) as FileKind));
      if (field) {
        expect(graft[field].map((file) => file.name)).toEqual([sample.name]);
      }
      const name = encodeURIComponent(sample.name);
      for (const role of ['physicianA', 'physicianB', 'employeeX', 'admin', 'auditor'] as Role[]) {
        const download = await app.clients[role].get(`/api/file/getfile/${type}/${name}`);
        expect(download.status, role).toBe(200);
        expect((await bytes(download)).equals(sample.bytes), role).toBe(true);
        const zip = await app.clients[role].get(`/api/file/getzipfile/${type}/${lots.freeX}`);
        expect(zip.headers.get('content-type')).toBe('application/zip');
        expect((await unzip(await bytes(zip))).get(sample.name)?.equals(sample.bytes), role).toBe(true);
      }
      for (const role of ['employeeY', 'anonymous'] as Role[]) {
        const refused = await app.clients[role].get(`/api/file/getfile/${type}/${name}`);
        expect(refused.status, role).toBe(role === 'anonymous' ? 401 : 404);
        await expectProblem(refused);
      }
      for (const role of ['physicianA', 'auditor', 'employeeY'] as Role[]) {
        const refused = await app.clients[role].request('DELETE', `/api/media/files/${type}/${name}`);
        expect(refused.status, role).toBe(role === 'employeeY' ? 404 : 403);
      }
      const after = await graftOf(await app.clients.employeeX.request('DELETE', `/api/media/files/${type}/${name}`));
      if (field) {
        expect(after[field]).toEqual([]);
      }
      expect((await app.clients.employeeX.get(`/api/file/getfile/${type}/${name}`)).status).toBe(404);
      expect(await fileRows()).toEqual([]);
      expect(files()).toEqual([]);
      const audit = await app.server.database.db
        .selectFrom('auditLog')
        .select(['action', 'after', 'before'])
        .where('action', 'like', 'graft.file.%')
        .where((eb) => eb.or([eb('after', 'like', `%"kind":"${kind}"%`), eb('before', 'like', `%"kind":"${kind}"%`)]))
        .execute();
      expect(audit.map((row) => row.action).sort()).toEqual(['graft.file.delete', 'graft.file.upload']);
    });
  }
});

describe(`who may upload, and what each reader sees (${testEngineName()})`, () => {
  it('lets the bank and admins upload; physicians and auditors get 403, another bank 404', async () => {
    const photo = samples['0'] as UploadedFile;
    const expected: Record<Role, number> = {
      anonymous: 401,
      physicianA: 403,
      physicianB: 403,
      employeeX: 200,
      employeeY: 404,
      admin: 200,
      auditor: 403,
    };
    for (const role of ROLES) {
      const answer = await uploadFiles(app.clients[role], lots.freeX, '0', [{ ...photo, name: `by-${role}.jpg` }]);
      expect(answer.status, role).toBe(expected[role]);
    }
    const rows = await fileRows();
    expect(rows.map((row) => row.name).sort()).toEqual(['by-admin.jpg', 'by-employeeX.jpg']);
    for (const row of rows) {
      await app.clients.admin.request('DELETE', `/api/media/files/0/${row.name}`);
    }
  });

  it('shows a clinic’s graft’s files to that clinic only', async () => {
    const stl = samples.stl as UploadedFile;
    await graftOf(await uploadFiles(app.clients.employeeX, lots.clinicAX, 'stl', [{ ...stl, name: 'assigned.stl' }]));
    const statusOf = async (role: Role) =>
      (await app.clients[role].get(`/api/file/getstlfile/${lots.clinicAX}`)).status;
    expect(await statusOf('physicianA')).toBe(200);
    expect(await statusOf('physicianB')).toBe(404);
    expect(await statusOf('employeeY')).toBe(404);
    expect(await statusOf('auditor')).toBe(200);
    const model = await app.clients.physicianA.get(`/api/file/getstlfile/${lots.clinicAX}`);
    expect(model.headers.get('content-type')).toBe('model/stl');
    expect(model.headers.get('content-disposition')).toMatch(/^attachment; filename="assigned.stl"/);
    await app.clients.employeeX.request('DELETE', '/api/media/files/stl/assigned.stl');
  });

  it('serves the main photo by processed lot, and a thumbnail made once', async () => {
    const photo = samples['0'] as UploadedFile;
    await graftOf(
      await uploadFiles(app.clients.employeeX, lots.freeX, '0', [photo, { ...photo, name: 'z-second.jpg' }]),
    );
    const full = await app.clients.physicianB.get(`/api/file/getimage/${lots.freeXProcessed}?thumb=false`);
    expect(full.status).toBe(200);
    expect((await bytes(full)).equals(photo.bytes)).toBe(true);
    expect(full.headers.get('content-disposition')).toMatch(/^inline; filename="valve front.jpg"/);
    expect(full.headers.get('content-security-policy')).toBe('sandbox');
    expect(full.headers.get('x-content-type-options')).toBe('nosniff');
    const thumb = await app.clients.physicianB.get(`/api/file/getimage/${lots.freeXProcessed}?thumb=true`);
    expect(thumb.headers.get('content-type')).toBe('image/webp');
    const thumbBytes = await bytes(thumb);
    expect(thumbBytes.subarray(8, 12).toString()).toBe('WEBP');
    const stored = files().filter((entry) => entry.parentPath.includes(`${path.sep}thumbs`));
    expect(stored).toHaveLength(1);
    const again = await app.clients.physicianA.get(`/api/file/getimage/${lots.freeXProcessed}?thumb=true`);
    expect((await bytes(again)).equals(thumbBytes)).toBe(true);
    expect(files().filter((entry) => entry.parentPath.includes(`${path.sep}thumbs`))).toHaveLength(1);
    expect((await app.clients.employeeY.get(`/api/file/getimage/${lots.freeXProcessed}`)).status).toBe(404);
    await app.clients.employeeX.request('DELETE', '/api/media/files/0/valve%20front.jpg');
    await app.clients.employeeX.request('DELETE', '/api/media/files/0/z-second.jpg');
    expect(files()).toEqual([]);
  });

  it('generates the factsheet from the graft when none was uploaded', async () => {
    const zip = await app.clients.physicianA.get(`/api/file/getzipfile/6/${lots.freeX}`);
    expect(zip.status).toBe(200);
    const entries = await unzip(await bytes(zip));
    const pdf = entries.get(`Factsheet_${lots.freeX}.pdf`);
    expect(pdf?.subarray(0, 5).toString()).toBe('%PDF-');
    expect(await pdfText(pdf!)).toContain(`Factsheet – lot ${lots.freeX}`);
    expect((await app.clients.physicianA.get(`/api/file/getzipfile/1/${lots.freeX}`)).status).toBe(404);

    // In the caller's language.
    const german = await app.clients.physicianA.get(`/api/file/getzipfile/6/${lots.freeX}`, {
      headers: { 'accept-language': 'de' },
    });
    const text = await pdfText((await unzip(await bytes(german))).get(`Factsheet_${lots.freeX}.pdf`)!);
    expect(text).toContain(`Datenblatt – Lot ${lots.freeX}`);
    expect(text).toContain('Prozessschritte');
    expect(text).toMatch(/Erstellt von GraftMatch: \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/);
  });
});
