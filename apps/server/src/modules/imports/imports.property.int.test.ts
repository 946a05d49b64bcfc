import fc from 'fast-check';
import { IMPORT_COLUMN_NAMES, type ImportResult } from '@graftmatch/domain';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { dataFingerprint, startSeededApp, type SeededApp } from '../../../test/support/clinical';
import { testEngineName } from '../../../test/support/database';
import { csvFile, uploadImport, xlsxFile, type Cells } from '../../../test/support/imports';

// Property-based tests of the importer (docs/import.md): random cells, encodings and shapes. Whatever the
// file, the answer is never 5xx, a refusal is problem+json, and a refused file (400, or strict with
// a bad row) or a dry run changes no data at all.

const CONTROL = ['\u0000', '\r', '\n', '\t', '\u001B', '\u007F', '\u0085', '\u2028', '\u202E', '\uFEFF'];
const hostileText = fc.string({
  unit: fc.oneof(fc.constantFrom(...CONTROL), fc.constantFrom('a', 'Ä', ';', ',', '"', '-', '1', '.', ' ')),
  maxLength: 30,
});

/** A cell that is often nearly right: bounds, real and unreal dates, SEC codes, lots, junk. */
const cell = fc.oneof(
  hostileText,
  fc.string({ maxLength: 40 }),
  fc.double({ noNaN: false }),
  fc.integer({ min: -10, max: 300 }),
  fc.constantFrom(
    null,
    '',
    '0',
    '1',
    '2',
    '3',
    '8',
    '9',
    '4,999',
    '22,5',
    '50.01',
    '2026-01-12',
    '2030-01-20',
    '2026-02-30',
    '20300120',
    'DE000123',
    'DE000456',
    'DE000123 2026000000042 E0042105 001 20300120',
    'XX000123 2026000000042 E0042105 001 20300120',
    'Klinik Nord',
    'nobody@',
    '=1+1',
  ),
);

const columnName = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...IMPORT_COLUMN_NAMES) },
  { weight: 1, arbitrary: fc.oneof(hostileText, fc.constantFrom('e_Lot', 'listStatus', 'release', '')) },
);

function rowsOf(lots: readonly string[]) {
  const lot = fc.oneof(fc.constantFrom(...lots), fc.string({ maxLength: 12 }), hostileText, fc.constant(null));
  return fc.array(
    fc.tuple(lot, fc.dictionary(columnName, cell, { maxKeys: 12 })).map(([e_Lot, rest]): Cells => ({
      ...rest,
      e_Lot: e_Lot as string | null,
    })),
    { maxLength: 8 },
  );
}

/** A file of any shape: CSV (either delimiter, maybe a BOM, maybe another encoding), JSON, xlsx, or bytes. */
function fileOf(lots: readonly string[]): fc.Arbitrary<Buffer | Promise<Buffer>> {
  const rows = rowsOf(lots);
  return fc.oneof(
    fc
      .tuple(rows, fc.constantFrom<',' | ';'>(',', ';'), fc.boolean())
      .map(([cells, delimiter, bom]) => csvFile(cells, { delimiter, bom })),
    fc
      .tuple(rows, fc.constantFrom<BufferEncoding>('latin1', 'utf16le'))
      .map(([cells, encoding]) => Buffer.from(csvFile(cells).toString('utf8'), encoding)),
    rows.map((cells) => Buffer.from(JSON.stringify(cells))),
    fc.jsonValue({ maxDepth: 3 }).map((value) => Buffer.from(JSON.stringify(value))),
    rows.map((cells) => xlsxFile(cells.map((row) => mapValues(row)))),
    fc.uint8Array({ maxLength: 400 }).map((bytes) => Buffer.from(bytes)),
    fc
      .uint8Array({ maxLength: 200 })
      .map((bytes) => Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from(bytes)])),
  );
}

/** exceljs takes text and numbers; control characters other than tab and line breaks break the sheet's XML. */
function mapValues(row: Cells): Cells {
  return Object.fromEntries(
    Object.entries(row).map(([key, value]) => [
      key.replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD]/g, ''),
      typeof value === 'string' ? value.replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD]/g, '') : value,
    ]),
  );
}

describe(`random import files (${testEngineName()})`, () => {
  let app: SeededApp;
  let lots: string[] = [];

  beforeAll(async () => {
    app = await startSeededApp();
    const rows = await app.server.database.db.selectFrom('grafts').select('eLot').orderBy('eLot').limit(6).execute();
    lots = [...rows.map((row) => row.eLot), 'PROP-1', 'PROP-2'];
  });
  afterAll(() => app?.server.close());

  test('never 5xx; refused files, strict refusals and dry runs change nothing', { timeout: 240_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(
        fileOf(lots),
        fc.constantFrom('employeeX', 'admin') as fc.Arbitrary<'employeeX' | 'admin'>,
        fc.record({ strict: fc.boolean(), dryRun: fc.boolean() }),
        async (file, role, mode) => {
          const content = await file;
          const query = {
            strict: String(mode.strict),
            dryRun: String(mode.dryRun),
            ...(role === 'admin' ? { bank: 'DE000123' } : {}),
          };
          const before = await dataFingerprint(app.server);
          const answer = await uploadImport(app.clients[role], content, query);
          const context = `${role} ${JSON.stringify(query)} ${content.subarray(0, 120).toString('utf8')}`;
          expect(answer.status, context).toBeLessThan(500);
          if (answer.status >= 400) {
            expect(answer.headers.get('content-type')).toMatch(/^application\/problem\+json/);
            expect(await dataFingerprint(app.server), context).toEqual(before);
            return;
          }
          expect(answer.status, context).toBe(200);
          const result = (await answer.json()) as ImportResult;
          if (mode.dryRun || (mode.strict && result.summary.failed > 0)) {
            expect(await dataFingerprint(app.server), context).toEqual(before);
          }
        },
      ),
      { numRuns: 120 },
    );
  });
});
