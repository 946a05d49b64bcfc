import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filesDir } from '../../app';
import { simplePdf } from '../../demo/demo-files/documents';
import { demoPhoto } from '../../demo/demo-files/documents';
import { expectProblem, startSeededApp, type SeededApp } from '../../../test/support/clinical';
import { testEngineName } from '../../../test/support/database';
import { freeLotOf, uploadFiles, zipBomb } from '../../../test/support/files';

// Files (docs/decisions.md, "Files"): what comes in is checked by content, and a refusal keeps nothing on disk or in the table.

let app: SeededApp;
let lot: string;

const storedFiles = () =>
  readdirSync(filesDir(app.server.config), { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
const fileRows = () => app.server.database.db.selectFrom('graftFiles').selectAll().execute();

beforeAll(async () => {
  app = await startSeededApp();
  lot = await freeLotOf(app, app.ids.euteX);
}, 120_000);

afterAll(async () => {
  await app?.server.close();
});

describe(`refused uploads (${testEngineName()})`, () => {
  const refusals: [string, string, () => Promise<Buffer>, number][] = [
    // An ELF executable's magic bytes under a photo's name.
    [
      'a renamed executable as .jpg',
      '0',
      async () => Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1]), Buffer.alloc(4000)]),
      415,
    ],
    ['a PDF as STL', 'stl', () => simplePdf('Not a model', ['text'], new Date('2026-01-01T00:00:00Z')), 415],
    ['a photo as a release statement', '1', () => demoPhoto('x', 1, 32, 24), 415],
    ['a zip bomb (256 kB to 256 MB) as DICOM', '5', () => zipBomb(256 * 1024 * 1024), 413],
    // Each entry at the 1 MiB below which single entries are not ratio-checked: 3.9 GiB in about 4 MB.
    ['a zip of 3,900 entries of 1 MiB (about 4 MB to 3.9 GiB) as DICOM', '5', () => zipBomb(1024 * 1024, 3900), 413],
    ['an empty file', '3', async () => Buffer.alloc(0), 400],
  ];
  for (const [story, type, make, status] of refusals) {
    it(`refuses ${story} with ${status} and keeps nothing`, async () => {
      const answer = await uploadFiles(
        app.clients.employeeX,
        lot,
        type,
        [{ name: 'good.pdf', bytes: await simplePdf('fine', ['a'], new Date('2026-01-01T00:00:00Z')) }]
          .filter(() => type === '1')
          .concat([{ name: `evil.${type === 'stl' ? 'stl' : 'jpg'}`, bytes: await make() }]),
      );
      expect(answer.status).toBe(status);
      await expectProblem(answer);
      expect(await fileRows()).toEqual([]);
      expect(storedFiles()).toEqual([]);
    }, 60_000);
  }

  it('refuses a photo over the size limit with 413', async () => {
    const big = Buffer.concat([await demoPhoto('big', 3, 32, 24), Buffer.alloc(26 * 1024 * 1024)]);
    const answer = await uploadFiles(app.clients.employeeX, lot, '0', [{ name: 'big.jpg', bytes: big }]);
    expect(answer.status).toBe(413);
    expect(await fileRows()).toEqual([]);
    expect(storedFiles()).toEqual([]);
  });

  it('keeps a path-traversal name inside the files folder, as a plain name', async () => {
    const photo = await demoPhoto('t', 5, 32, 24);
    const answer = await uploadFiles(app.clients.employeeX, lot, '0', [
      { name: '../../../etc/passwd.jpg', bytes: photo },
    ]);
    expect(answer.status).toBe(200);
    const [row] = await fileRows();
    expect(row?.name).toBe('passwd.jpg');
    expect(row?.storageKey).toMatch(/^photos\/[0-9a-f-]{36}$/);
    expect(storedFiles().map((entry) => entry.parentPath.startsWith(filesDir(app.server.config)))).toEqual([true]);
    const traversal = await app.clients.employeeX.get('/api/file/getfile/0/..%2F..%2Fgraftmatch.db');
    expect(traversal.status).toBe(404);
    await app.clients.employeeX.request('DELETE', '/api/media/files/0/passwd.jpg');
    expect(storedFiles()).toEqual([]);
  });
});
