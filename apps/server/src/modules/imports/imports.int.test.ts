import type { Graft, ImportResult } from '@graftmatch/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataFingerprint, expectProblem, startSeededApp, type SeededApp } from '../../../test/support/clinical';
import { testEngineName } from '../../../test/support/database';
import { csvFile, graftCells, uploadImport, xlsxFile } from '../../../test/support/imports';

describe(`importing grafts over HTTP (${testEngineName()})`, () => {
  let seeded: SeededApp;
  const db = () => seeded.server.database.db;
  const storedGraft = (lot: string) => db().selectFrom('grafts').selectAll().where('eLot', '=', lot).executeTakeFirst();
  const lotOf = async (euteId: string, where: 'failed' | 'any' = 'any') => {
    let query = db().selectFrom('grafts').select('eLot').where('euteId', '=', euteId);
    if (where === 'failed') {
      query = query.where('decellularizationStatus', '=', 2);
    }
    return (await query.orderBy('eLot').executeTakeFirstOrThrow()).eLot;
  };
  const graftAuditRows = () =>
    db().selectFrom('auditLog').selectAll().where('targetType', '=', 'graft').orderBy('id').execute();

  beforeAll(async () => {
    seeded = await startSeededApp();
  }, 120_000);
  afterAll(() => seeded.server.close());

  it('First the north bank uploads a CSV with good and bad rows: the good row is taken, each bad one named', async () => {
    const { clients, ids } = seeded;
    const southLot = await lotOf(ids.euteY);
    const file = csvFile(
      [
        graftCells('CSV-GOOD-1', { t_Dproximal: '22,5' }),
        graftCells('CSV-BAD-2', { t_Dproximal: 60 }),
        graftCells('CSV-BAD-3', { 'release.outValue': '2026-02-30' }),
        graftCells('CSV-BAD-4', { x_SEC: 'XX000123 2026000000042 E0042105 001 20300120' }),
        graftCells('CSV-BAD-5', { c_Name: 'Nowhere Clinic', 'assignment.status': 1 }),
        graftCells(southLot),
        graftCells('CSV-BAD-7', { x_SEC: 'DE000123 2026000000042 E0042105 001 20300121' }),
      ],
      { delimiter: ';', bom: true },
    );
    const answer = await uploadImport(clients.employeeX, file);
    expect(answer.status).toBe(200);
    const result = (await answer.json()) as ImportResult;

    expect(result.summary).toEqual({ rows: 7, inserted: 1, updated: 0, unchanged: 0, failed: 6 });
    expect(result).toMatchObject({ model: 'graft', importType: 'csv', euteId: ids.euteX, dryRun: false });
    expect(result.errors).toEqual([
      { row: 3, lot: 'CSV-BAD-2', field: 't_Dproximal', message: 'must be between 5 and 50 mm' },
      { row: 4, lot: 'CSV-BAD-3', field: 'release.outValue', message: 'must be a real date written yyyy-mm-dd' },
      { row: 5, lot: 'CSV-BAD-4', field: 'x_SEC', message: expect.stringContaining('XX is not an EU or EEA') },
      { row: 6, lot: 'CSV-BAD-5', field: 'c_Name', message: 'no clinic is named Nowhere Clinic' },
      { row: 7, lot: southLot, field: 'e_Lot', message: 'belongs to another tissue bank' },
      { row: 8, lot: 'CSV-BAD-7', field: 'x_SEC', message: 'expiry 2030-01-21 differs from expiry.outValue' },
    ]);
    expect(await storedGraft('CSV-GOOD-1')).toMatchObject({ euteId: ids.euteX, tDproximal: 22.5, listStatus: 0 });
    expect(await storedGraft('CSV-BAD-2')).toBeUndefined();

    // The log is kept with its errors, and only the bank's own people (and admins, auditors) see it.
    const log = await clients.employeeX.get(`/api/import/logs/${result.id}`);
    expect(((await log.json()) as ImportResult).errors).toHaveLength(6);
    expect(await (await clients.auditor.get('/api/file/lastimportlog')).json()).toMatchObject({ id: result.id });
    await expectProblem(await clients.employeeY.get(`/api/import/logs/${result.id}`), 404);
    await expectProblem(await clients.physicianA.get('/api/import/logs'), 403);
  });

  it('JSON in the API’s own shape updates a donation, and an xlsx sheet adds grafts and names its bad row', async () => {
    const { clients, ids } = seeded;
    const current = (await (
      await clients.employeeX.get('/api/euteemployee/currentdonations?limit=1')
    ).json()) as Graft[];
    const donation = { ...current[0]!, d_Remarks_public: 'Re-measured after transport.' };
    const fresh = { ...donation, e_Lot: 'JSON-NEW-1', c_Name: null, assignment: { status: 0, outValue: null } };
    const json = await uploadImport(clients.employeeX, JSON.stringify([donation, fresh]), {}, { fileName: 'x.txt' });
    const jsonResult = (await json.json()) as ImportResult;
    expect(jsonResult).toMatchObject({ importType: 'json', summary: { rows: 2, updated: 1, inserted: 1, failed: 0 } });
    expect(await storedGraft(donation.e_Lot)).toMatchObject({ dRemarksPublic: 'Re-measured after transport.' });
    expect(await storedGraft('JSON-NEW-1')).toMatchObject({ listStatus: 0, clinicId: null });

    const sheet = await xlsxFile([
      graftCells('XLSX-1', { e_Eute: 'DE000123' }),
      graftCells('XLSX-2', { t_ProdName_2: 9 }),
    ]);
    const xlsx = await uploadImport(clients.admin, sheet, { bank: ids.euteX }, { fileName: 'grafts.csv' });
    const xlsxResult = (await xlsx.json()) as ImportResult;
    expect(xlsxResult).toMatchObject({ importType: 'xlsx', summary: { rows: 2, inserted: 1, failed: 1 } });
    expect(xlsxResult.errors).toEqual([
      { row: 3, lot: 'XLSX-2', field: 't_ProdName_2', message: 'must be between 1 and 8' },
    ]);
    expect(await storedGraft('XLSX-1')).toMatchObject({ tLmax: 55, expiryDate: '2030-01-20' });
  });

  it('the same file twice changes nothing the second time; strict and dry runs write nothing', async () => {
    const { clients, server } = seeded;
    const file = csvFile([graftCells('TWICE-1'), graftCells('TWICE-2', { t_ProdName_2: 1, t_Dproximal: 18 })]);
    expect(((await (await uploadImport(clients.employeeX, file)).json()) as ImportResult).summary.inserted).toBe(2);
    const { auditLog: _before, ...tablesBefore } = await dataFingerprint(server);
    const graftAuditBefore = await graftAuditRows();

    const again = (await (await uploadImport(clients.employeeX, file)).json()) as ImportResult;
    expect(again.summary).toEqual({ rows: 2, inserted: 0, updated: 0, unchanged: 2, failed: 0 });
    const strict = csvFile([graftCells('STRICT-1'), graftCells('STRICT-2', { t_Lmin: 90, t_Lmax: 40 })]);
    const refused = (await (await uploadImport(clients.employeeX, strict, { strict: 'true' })).json()) as ImportResult;
    expect(refused.summary).toEqual({ rows: 2, inserted: 0, updated: 0, unchanged: 1, failed: 1 });
    expect(refused.errors).toEqual([
      { row: 3, lot: 'STRICT-2', field: 't_Lmax', message: 'must not be less than t_Lmin' },
    ]);
    expect(refused.log).toContain('nothing was written');
    const dry = (await (await uploadImport(clients.employeeX, strict, { dryRun: 'true' })).json()) as ImportResult;
    expect(dry).toMatchObject({ dryRun: true, summary: { inserted: 1, failed: 1 } });

    const { auditLog: _after, ...tablesAfter } = await dataFingerprint(server);
    expect(tablesAfter).toEqual(tablesBefore);
    expect(await graftAuditRows()).toEqual(graftAuditBefore);
  });

  it('an archived graft never returns to Free or Current', async () => {
    const lot = await lotOf(seeded.ids.euteX, 'failed');
    const answer = await uploadImport(
      seeded.clients.employeeX,
      csvFile([{ e_Lot: lot, 'decellularization.status': 1 }]),
    );
    expect(((await answer.json()) as ImportResult).errors).toEqual([
      { row: 2, lot, field: 'listStatus', message: 'an archived graft never leaves the Archive' },
    ]);
    expect(await storedGraft(lot)).toMatchObject({ decellularizationStatus: 2, listStatus: 2 });
  });

  it('only tissue-bank employees (their own bank) and admins may import', async () => {
    const { clients, ids } = seeded;
    const file = csvFile([graftCells('ROLE-1')]);
    await expectProblem(await uploadImport(clients.anonymous, file), 401);
    await expectProblem(await uploadImport(clients.physicianA, file), 403);
    await expectProblem(await uploadImport(clients.auditor, file), 403);
    await expectProblem(await uploadImport(clients.employeeX, file, { bank: ids.euteY }), 403);
    await expectProblem(await uploadImport(clients.employeeX, file, { bank: 'DE000456' }), 403);
    await expectProblem(await uploadImport(clients.admin, file), 400);
    await expectProblem(await uploadImport(clients.admin, file, { bank: 'NO-SUCH-BANK' }), 400);
    const byAdmin = await uploadImport(clients.admin, file, { bank: 'DE000456', dryRun: 'true' });
    expect(await byAdmin.json()).toMatchObject({ euteId: ids.euteY, summary: { inserted: 1 } });
    const wrongBank = csvFile([graftCells('ROLE-2', { e_Eute: 'DE000456' })]);
    const refused = (await (await uploadImport(clients.employeeX, wrongBank)).json()) as ImportResult;
    expect(refused.errors[0]).toMatchObject({ field: 'e_Eute' });
  });

  it('a file that cannot be read answers 400 with the reason, and changes nothing', async () => {
    const { clients, server } = seeded;
    const before = await dataFingerprint(server);
    const cases: [Buffer | string, RegExp][] = [
      ['', /empty/],
      ['  \r\n ', /empty/],
      [Buffer.from('e_Lot;t_Lot\nA;Gr\xfc\xdfe\n', 'latin1'), /UTF-8/],
      [Buffer.from([0x00, 0x01, 0x02, 0xff, 0xfe]), /UTF-8|binary/],
      ['{"e_Lot":"A"}', /array of grafts/],
      ['[{"e_Lot": "A",]', /JSON cannot be read/],
      ['lot,type\nA,5\n', /no e_Lot column/],
      ['e_Lot,e_Lot\nA,B\n', /appears twice/],
      ['e_Lot,t_Lot\n"A,unclosed\n', /CSV cannot be read/],
      [Buffer.from('PK\x03\x04garbage', 'latin1'), /xlsx workbook cannot be read/],
    ];
    for (const [content, reason] of cases) {
      const problem = await expectProblem(await uploadImport(clients.employeeX, content), 400);
      expect(problem.detail).toMatch(reason);
    }
    const notMultipart = await clients.employeeX.post('/api/import/grafts', [{ e_Lot: 'A' }]);
    await expectProblem(notMultipart, 415);
    expect(await dataFingerprint(server)).toEqual(before);
  });
});
