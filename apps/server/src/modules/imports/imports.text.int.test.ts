import type { ImportResult } from '@graftmatch/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSeededApp, type SeededApp } from '../../../test/support/clinical';
import { testEngineName } from '../../../test/support/database';
import { csvFile, graftCells, uploadImport, xlsxFile } from '../../../test/support/imports';

// Text from a file obeys the API's text rule (docs/security.md, "Text"), and the CSV export
// neutralises formulas in a way its import undoes (docs/import.md, "Export").

describe(`text in imports and exports (${testEngineName()})`, () => {
  let seeded: SeededApp;
  const db = () => seeded.server.database.db;
  const storedGraft = (lot: string) => db().selectFrom('grafts').selectAll().where('eLot', '=', lot).executeTakeFirst();

  beforeAll(async () => {
    seeded = await startSeededApp();
  }, 120_000);
  afterAll(() => seeded.server.close());

  it('refuses bidi overrides, NEL and line separators in CSV, xlsx and JSON rows, naming the field', async () => {
    const oneLine = 'must not contain control characters, line breaks or bidirectional overrides';
    const bad = [
      graftCells('TXT-1', { x_Lot: 'PX\u202E1-0042' }),
      graftCells('TXT-2', { d_Remarks_public: 'Donor \u2066history\u2069' }),
      graftCells('TXT-3', { physician_Name: 'Dr\u0085Berg' }),
      graftCells('TXT-4', { x_Remarks_public: 'tested\u2028negative' }),
      graftCells('TXT-5', { a_Implant_Plan: 'plan\u202Dreversed' }),
    ];
    const expected = [
      { row: 2, lot: 'TXT-1', field: 'x_Lot', message: oneLine },
      { row: 3, lot: 'TXT-2', field: 'd_Remarks_public', message: expect.stringContaining('bidirectional') },
      { row: 4, lot: 'TXT-3', field: 'physician_Name', message: oneLine },
      { row: 5, lot: 'TXT-4', field: 'x_Remarks_public', message: expect.stringContaining('bidirectional') },
      { row: 6, lot: 'TXT-5', field: 'a_Implant_Plan', message: oneLine },
    ];
    const json = JSON.stringify(bad.map((cells) => ({ ...cells })));
    for (const [format, file] of [
      ['csv', csvFile(bad)],
      ['xlsx', await xlsxFile(bad)],
      ['json', Buffer.from(json)],
    ] as const) {
      const answer = await uploadImport(seeded.clients.employeeX, file);
      const result = (await answer.json()) as ImportResult;
      expect(result.summary, format).toMatchObject({ rows: 5, inserted: 0, failed: 5 });
      expect(result.errors, format).toEqual(
        format === 'json' ? expected.map((e) => ({ ...e, row: e.row - 1 })) : expected,
      );
    }
    for (const { e_Lot } of bad) {
      expect(await storedGraft(String(e_Lot))).toBeUndefined();
    }
  });

  it('cleans the uploaded file name the import log shows by the same rule', async () => {
    const file = csvFile([graftCells('TXT-NAME-1')]);
    const answer = await uploadImport(
      seeded.clients.employeeX,
      file,
      { dryRun: 'true' },
      { fileName: 'grafts\u202Evsc.csv' },
    );
    const result = (await answer.json()) as ImportResult;
    expect(result.importSource).toBe('upload grafts_vsc.csv');
  });

  it('the CSV export puts a quote before formulas, and importing it back gives the texts as they were', async () => {
    const { eLot } = await db()
      .selectFrom('grafts')
      .select('eLot')
      .where('euteId', '=', seeded.ids.euteX)
      .orderBy('eLot')
      .executeTakeFirstOrThrow();
    const texts = {
      dRemarksPublic: '=HYPERLINK("http://evil.example","click")',
      xRemarksPublic: "'+1 already quoted",
      aImplantPlan: '@SUM(A1:A2)',
      physicianName: '-Dr. Minus',
    };
    await db().updateTable('grafts').set(texts).where('eLot', '=', eLot).execute();

    const answer = await seeded.clients.employeeX.get('/api/euteemployee/export?format=csv');
    const csv = Buffer.from(await answer.arrayBuffer());
    const line =
      csv
        .toString('utf8')
        .split('\r\n')
        .find((row) => row.startsWith(`${eLot},`)) ?? '';
    expect(line).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
    expect(line).toContain(`,''+1 already quoted,`);
    expect(line).toContain(`,'@SUM(A1:A2),`);
    expect(line).toContain(`,'-Dr. Minus,`);
    expect(line).not.toMatch(/,[=+\-@]/);

    const result = (await (await uploadImport(seeded.clients.employeeX, csv)).json()) as ImportResult;
    expect(result.summary).toMatchObject({ updated: 0, failed: 0 });
    expect(await storedGraft(eLot)).toMatchObject(texts);
  });
});
