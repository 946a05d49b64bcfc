import type { ImportResult } from '@graftmatch/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSeededApp, type SeededApp } from '../../../test/support/clinical';
import { testEngineName } from '../../../test/support/database';
import { csvFile, graftCells, uploadImport, type Cells } from '../../../test/support/imports';

// The rules of one row (docs/import.md): the bank's name and contact come from its record, every
// error of a row is reported at once, and an assigned graft's traceability changes only with a reason.

describe(`rules of an imported row (${testEngineName()})`, () => {
  let seeded: SeededApp;
  const db = () => seeded.server.database.db;
  const storedGraft = (lot: string) =>
    db().selectFrom('grafts').selectAll().where('eLot', '=', lot).executeTakeFirstOrThrow();
  const bankX = () => db().selectFrom('eutes').selectAll().where('id', '=', seeded.ids.euteX).executeTakeFirstOrThrow();
  const upload = async (rows: readonly Cells[], query: Record<string, string> = {}) => {
    const answer = await uploadImport(seeded.clients.employeeX, csvFile(rows), query);
    expect(answer.status).toBe(200);
    return (await answer.json()) as ImportResult;
  };

  beforeAll(async () => {
    seeded = await startSeededApp();
  }, 120_000);
  afterAll(() => seeded.server.close());

  it('grafts whose file leaves the bank name and contact empty get the bank’s, and the dry run says so', async () => {
    const bank = await bankX();
    const rows = [
      graftCells('CONTACT-EMPTY-1', { e_Name: '', e_EMail: '' }),
      graftCells('CONTACT-EMPTY-2', { e_Name: null, e_EMail: null }),
      graftCells('CONTACT-OWN-3', { e_Name: bank.name.toUpperCase(), e_EMail: 'lab@bank-north.example' }),
    ];
    const dry = await upload(rows, { dryRun: 'true' });
    expect(dry).toMatchObject({ dryRun: true, summary: { inserted: 3, failed: 0 } });
    expect(dry.notices).toEqual([
      expect.objectContaining({ code: 'bankNameFromRecord', field: 'e_Name', rows: 2, value: bank.name }),
      expect.objectContaining({ code: 'bankEmailFromRecord', field: 'e_EMail', rows: 2, value: bank.email }),
    ]);
    expect(dry.log).toContain(`Notice: e_Name is empty or missing in 2 rows: the bank's record name "${bank.name}"`);

    const done = await upload(rows);
    expect(done.summary).toMatchObject({ inserted: 3, failed: 0 });
    expect(await storedGraft('CONTACT-EMPTY-1')).toMatchObject({ eName: bank.name, eEmail: bank.email });
    expect(await storedGraft('CONTACT-EMPTY-2')).toMatchObject({ eName: bank.name, eEmail: bank.email });
    // A contact of the file's own stays; the name is always the record's, however the file spells it.
    expect(await storedGraft('CONTACT-OWN-3')).toMatchObject({ eName: bank.name, eEmail: 'lab@bank-north.example' });
    const log = (await (await seeded.clients.employeeX.get(`/api/import/logs/${done.id}`)).json()) as ImportResult;
    expect(log.notices).toEqual(done.notices);
  });

  it('a stored graft without name or contact gets the bank’s from a file without those columns', async () => {
    const bank = await bankX();
    await upload([graftCells('CONTACT-OLD-1')]);
    await db().updateTable('grafts').set({ eName: null, eEmail: null }).where('eLot', '=', 'CONTACT-OLD-1').execute();

    const result = await upload([graftCells('CONTACT-OLD-1')]);
    expect(result.summary).toMatchObject({ updated: 1, failed: 0 });
    expect(result.notices.map((notice) => [notice.code, notice.rows])).toEqual([
      ['bankNameFromRecord', 1],
      ['bankEmailFromRecord', 1],
    ]);
    expect(await storedGraft('CONTACT-OLD-1')).toMatchObject({ eName: bank.name, eEmail: bank.email });
    expect((await upload([graftCells('CONTACT-OLD-1')])).notices).toEqual([]);
  });

  it('a row naming another bank in e_Name fails, as one naming another bank in e_Eute does', async () => {
    const bank = await bankX();
    const result = await upload([graftCells('NAME-OTHER-1', { e_Name: 'Süddeutsche Gewebebank e.V.' })]);
    expect(result.summary).toMatchObject({ inserted: 0, failed: 1 });
    expect(result.errors).toEqual([
      {
        row: 2,
        lot: 'NAME-OTHER-1',
        field: 'e_Name',
        message: `names another tissue bank (Süddeutsche Gewebebank e.V.) than this import's (${bank.name})`,
      },
    ]);
    const lot = (await db().selectFrom('grafts').select('eLot').where('euteId', '=', bank.id).executeTakeFirstOrThrow())
      .eLot;
    const update = await upload([{ e_Lot: lot, e_Name: 'Another Bank' }]);
    expect(update.errors).toEqual([expect.objectContaining({ field: 'e_Name' })]);
    expect(await storedGraft(lot)).toMatchObject({ eName: bank.name });
  });

  it('a row with several problems reports all of them in one answer', async () => {
    const result = await upload([
      graftCells('MANY-1', { t_ProdName_2: 9, t_Lmin: 90, t_Lmax: 40, 'expiry.outValue': '2026-01-01' }),
      graftCells('MANY-2', { t_Dproximal: 'wide', i_Min: '2026-05-01', i_Max: '2026-04-01', c_Name: 'Nowhere' }),
    ]);
    expect(result.summary).toMatchObject({ inserted: 0, failed: 2 });
    expect(result.errors).toEqual([
      { row: 2, lot: 'MANY-1', field: 't_ProdName_2', message: 'must be between 1 and 8' },
      { row: 2, lot: 'MANY-1', field: 't_Lmax', message: 'must not be less than t_Lmin' },
      { row: 2, lot: 'MANY-1', field: 'expiry.outValue', message: 'must not be before release.outValue' },
      { row: 3, lot: 'MANY-2', field: 't_Dproximal', message: 'must be a number' },
      { row: 3, lot: 'MANY-2', field: 'c_Name', message: 'no clinic is named Nowhere' },
      { row: 3, lot: 'MANY-2', field: 'i_Max', message: 'must not be before i_Min' },
    ]);
  });

  it('an assigned graft’s traceability fields change only with a correctionReason, which the audit row keeps', async () => {
    const clinic = await db().selectFrom('clinics').select('cName').orderBy('cName').executeTakeFirstOrThrow();
    const assigned = graftCells('CORRECT-1', {
      'assignment.status': 1,
      'assignment.outValue': '2026-02-01',
      c_Name: clinic.cName,
    });
    expect((await upload([assigned])).summary).toMatchObject({ inserted: 1, failed: 0 });

    const refused = await upload([{ ...assigned, t_Dproximal: 23 }]);
    expect(refused.summary).toMatchObject({ updated: 0, failed: 1 });
    expect(refused.errors).toEqual([
      {
        row: 2,
        lot: 'CORRECT-1',
        field: 'correctionReason',
        message: 'is required to correct t_Dproximal of an assigned graft',
      },
    ]);
    expect(await storedGraft('CORRECT-1')).toMatchObject({ tDproximal: 22 });

    // Recording the delivery is the process going on, not a correction.
    const delivered = { ...assigned, 'delivery.status': 1, 'delivery.outValue': '2026-02-03' };
    expect((await upload([delivered])).summary).toMatchObject({ updated: 1, failed: 0 });

    const reason = 'Re-measured: 23 mm, the lab sheet had a typo';
    const corrected = await upload([{ ...delivered, t_Dproximal: 23, correctionReason: reason }]);
    expect(corrected.summary).toMatchObject({ updated: 1, failed: 0 });
    const graft = await storedGraft('CORRECT-1');
    expect(graft).toMatchObject({ tDproximal: 23 });
    const audits = await db()
      .selectFrom('auditLog')
      .select(['before', 'after'])
      .where('targetId', '=', graft.id)
      .where('action', '=', 'graft.import.update')
      .execute();
    const parsed = audits.map((row) => ({
      before: JSON.parse(row.before ?? '{}'),
      after: JSON.parse(row.after ?? '{}'),
    }));
    expect(parsed).toContainEqual({
      before: { t_Dproximal: 22 },
      after: expect.objectContaining({ t_Dproximal: 23, correctionReason: reason }),
    });
  });
});
