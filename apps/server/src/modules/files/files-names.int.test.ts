import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filesDir } from '../../app';
import { demoPhoto } from '../../demo/demo-files/documents';
import { renameUnfitFileNames } from '../../db/migrations/2026-11-26-file-names-per-graft';
import { createLocalDiskStorage } from '../../storage/local-disk';
import { expectProblem, startSeededApp, type SeededApp } from '../../../test/support/clinical';
import { testEngineName } from '../../../test/support/database';
import { freeLotOf, uploadFiles } from '../../../test/support/files';
import { routedLength } from '../../http/path-segments';

// File names (docs/api.md, "Files"): cleaned by the text rule, kept within one path segment, and
// unique per graft and kind, so that another bank's names neither collide nor show.

let app: SeededApp;
let lotX: string;
let lotY: string;
let photoX: Buffer;
let photoY: Buffer;

const fileRows = () => app.server.database.db.selectFrom('graftFiles').selectAll().orderBy('createdAt').execute();
const bytes = async (response: Response) => Buffer.from(await response.arrayBuffer());
const fileUrl = (name: string, lot?: string) =>
  `/api/file/getfile/0/${encodeURIComponent(name)}${lot ? `?lot=${lot}` : ''}`;
const deleteUrl = (name: string, lot?: string) =>
  `/api/media/files/0/${encodeURIComponent(name)}${lot ? `?lot=${lot}` : ''}`;

beforeAll(async () => {
  app = await startSeededApp();
  lotX = await freeLotOf(app, app.ids.euteX);
  lotY = await freeLotOf(app, app.ids.euteY);
  photoX = await demoPhoto('x', 11, 32, 24);
  photoY = await demoPhoto('y', 12, 32, 24);
}, 120_000);

afterAll(async () => {
  await app?.server.close();
});

describe(`file names (${testEngineName()})`, () => {
  it('replaces a bidirectional override in a name, in the row and in the download header', async () => {
    const answer = await uploadFiles(app.clients.employeeX, lotX, '0', [
      { name: 'photo\u202Egpj.exe.jpg', bytes: photoX },
    ]);
    expect(answer.status).toBe(200);
    const [row] = await fileRows();
    expect(row?.name).toBe('photo_gpj.exe.jpg');
    const download = await app.clients.employeeX.get(fileUrl('photo_gpj.exe.jpg'));
    expect(download.status).toBe(200);
    const disposition = download.headers.get('content-disposition') ?? '';
    expect(disposition).not.toMatch(/\u202E|%E2%80%AE/i);
    expect(disposition).toContain("filename*=UTF-8''photo_gpj.exe.jpg");
    await app.clients.employeeX.request('DELETE', deleteUrl('photo_gpj.exe.jpg'));
  });

  it('keeps long names within one path segment, so each can be downloaded and deleted', async () => {
    const names = [
      `${'a'.repeat(130)}.jpg`,
      `${'ü'.repeat(110)}.jpg`,
      `${'Befund & Bild + Notiz, '.repeat(6)}.jpg`,
      `${'b'.repeat(96)}.jpg`,
    ];
    for (const name of names) {
      const answer = await uploadFiles(app.clients.employeeX, lotX, '0', [{ name, bytes: photoX }]);
      expect(answer.status, name).toBe(200);
    }
    // The same long name again: its "(2)" must fit as well.
    await uploadFiles(app.clients.employeeX, lotX, '0', [{ name: names[0]!, bytes: photoX }]);
    const stored = (await fileRows()).map((row) => row.name);
    expect(stored).toHaveLength(5);
    expect(stored[3]).toBe(names[3]);
    expect(stored[4]).toMatch(/^a+ \(2\)\.jpg$/);
    for (const name of stored) {
      expect(routedLength(name), name).toBeLessThanOrEqual(100);
      expect(name.endsWith('.jpg'), name).toBe(true);
      const download = await app.clients.employeeX.get(fileUrl(name));
      expect(download.status, name).toBe(200);
      expect((await bytes(download)).equals(photoX), name).toBe(true);
    }
    for (const name of stored) {
      expect((await app.clients.employeeX.request('DELETE', deleteUrl(name))).status, name).toBe(200);
    }
    expect(await fileRows()).toEqual([]);
  });

  it('lets two banks each have photo.jpg: each bank gets its own, others name the lot', async () => {
    expect((await uploadFiles(app.clients.employeeX, lotX, '0', [{ name: 'photo.jpg', bytes: photoX }])).status).toBe(
      200,
    );
    const fromY = await uploadFiles(app.clients.employeeY, lotY, '0', [{ name: 'photo.jpg', bytes: photoY }]);
    expect(fromY.status).toBe(200);
    // No "(2)": nothing tells bank Y that bank X holds a photo.jpg.
    expect(((await fromY.json()) as { fotoFiles: { name: string }[] }).fotoFiles.map((f) => f.name)).toEqual([
      'photo.jpg',
    ]);

    expect((await bytes(await app.clients.employeeX.get(fileUrl('photo.jpg')))).equals(photoX)).toBe(true);
    expect((await bytes(await app.clients.employeeY.get(fileUrl('photo.jpg')))).equals(photoY)).toBe(true);
    await expectProblem(await app.clients.employeeY.get(fileUrl('photo.jpg', lotX)), 404);

    // Admins, auditors and physicians see both Free grafts: the name alone is not enough.
    for (const role of ['admin', 'auditor', 'physicianA'] as const) {
      const ambiguous = await expectProblem(await app.clients[role].get(fileUrl('photo.jpg')), 409);
      expect(ambiguous.detail, role).toContain(lotX);
      expect(ambiguous.detail, role).toContain(lotY);
      expect((await bytes(await app.clients[role].get(fileUrl('photo.jpg', lotY)))).equals(photoY), role).toBe(true);
    }

    // Bank Y's employee cannot delete bank X's file; deleting its own leaves X's in place.
    await expectProblem(await app.clients.employeeY.request('DELETE', deleteUrl('photo.jpg', lotX)), 404);
    expect((await app.clients.employeeY.request('DELETE', deleteUrl('photo.jpg'))).status).toBe(200);
    expect((await bytes(await app.clients.admin.get(fileUrl('photo.jpg')))).equals(photoX)).toBe(true);
    await expectProblem(await app.clients.physicianA.request('DELETE', deleteUrl('photo.jpg', lotX)), 403);
    expect((await app.clients.admin.request('DELETE', deleteUrl('photo.jpg', lotX))).status).toBe(200);
    expect(await fileRows()).toEqual([]);
  });

  it('still makes a name unique within one graft and kind', async () => {
    const answer = await uploadFiles(app.clients.employeeX, lotX, '0', [
      { name: 'front.jpg', bytes: photoX },
      { name: 'front.jpg', bytes: photoX },
    ]);
    expect(((await answer.json()) as { fotoFiles: { name: string }[] }).fotoFiles.map((f) => f.name)).toEqual([
      'front (2).jpg',
      'front.jpg',
    ]);
    for (const name of ['front.jpg', 'front (2).jpg']) {
      await app.clients.employeeX.request('DELETE', deleteUrl(name));
    }
    expect(await fileRows()).toEqual([]);
  });
});

describe(`stored names from before the rule (${testEngineName()})`, () => {
  it('are renamed by the migration so that each can be downloaded and deleted', async () => {
    const db = app.server.database.db;
    const graft = await db.selectFrom('grafts').select('id').where('eLot', '=', lotX).executeTakeFirstOrThrow();
    const row = (name: string, createdAt: string) => ({
      id: randomUUID(),
      graftId: graft.id,
      kind: 'photos' as const,
      name,
      size: photoX.length,
      contentType: 'image/jpeg',
      storageKey: `photos/${randomUUID()}`,
      createdAt,
    });
    const rows = [
      row('photo\u202Egpj.exe.jpg', '2026-01-01T00:00:00.000Z'),
      row(`${'a'.repeat(115)}.jpg`, '2026-01-01T00:00:01.000Z'),
      row(`${'a'.repeat(96)}.jpg`, '2026-01-01T00:00:02.000Z'),
      row('fine.jpg', '2026-01-01T00:00:03.000Z'),
    ];
    await db.insertInto('graftFiles').values(rows).execute();
    const storage = createLocalDiskStorage(filesDir(app.server.config));
    for (const { storageKey } of rows) {
      await storage.put(storageKey, photoX);
    }
    await renameUnfitFileNames(db);
    const names = (await fileRows()).map((stored) => stored.name);
    // The 115 a's, cut to 96, meet a name already stored: they take the "(2)".
    expect(names).toEqual(['photo_gpj.exe.jpg', `${'a'.repeat(92)} (2).jpg`, `${'a'.repeat(96)}.jpg`, 'fine.jpg']);
    for (const name of names) {
      expect((await app.clients.employeeX.get(fileUrl(name))).status, name).toBe(200);
      expect((await app.clients.employeeX.request('DELETE', deleteUrl(name))).status, name).toBe(200);
    }
  });
});
