import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { EuteRow } from '../../db/types';
import { planImport, readRows } from './imports.plan';
import type { SourceRow } from './imports.parse.rows';

// The importer's plan of one row, without a database (docs/import.md "Row errors"): every problem
// of a row, from its cells, across its fields and against the bank and the clinics, in one answer.

const bank: EuteRow = {
  id: 'bank-north',
  name: 'Gewebebank Nord gGmbH',
  euteNumber: 'DE000123',
  active: 1,
  address: null,
  housenumber: null,
  zipcode: null,
  city: null,
  country: null,
  email: 'requests@gewebebank-nord.example',
  phone: null,
  leadTimeDays: 2,
  expiryReminderDays: '90,30,7',
  importSilenceDays: 7,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

const GOOD: SourceRow['cells'] = {
  e_Lot: 'EB1-2026-0042',
  t_ProdName_2: '5',
  t_Lmin: '30',
  t_Lmax: '55',
  'release.status': '1',
  'release.outValue': '2026-01-20',
  'expiry.outValue': '2030-01-20',
};

const PROBLEMS: readonly { cells: SourceRow['cells']; field: string }[] = [
  { cells: { t_ProdName_2: '9' }, field: 't_ProdName_2' },
  { cells: { t_Lmin: '90', t_Lmax: '40' }, field: 't_Lmax' },
  { cells: { i_Min: '2026-05-01', i_Max: '2026-04-01' }, field: 'i_Max' },
  { cells: { 'assignment.status': '1', c_Name: 'Nowhere Clinic' }, field: 'c_Name' },
  { cells: { e_Eute: 'DE000456' }, field: 'e_Eute' },
  { cells: { e_Name: 'Süddeutsche Gewebebank e.V.' }, field: 'e_Name' },
  { cells: { e_EMail: 'no address' }, field: 'e_EMail' },
];

function planOf(cells: SourceRow['cells']) {
  return planImport(readRows([{ row: 2, cells, errors: [] }]), {
    bank,
    existing: new Map(),
    clinics: new Map(),
    today: '2026-11-26',
    now: '2026-11-26T12:00:00.000Z',
  });
}

describe('planImport', () => {
  it('reports every one of several independent problems of a row in one answer', () => {
    fc.assert(
      fc.property(fc.subarray([...PROBLEMS.keys()], { minLength: 1 }), (chosen) => {
        const plan = planOf(Object.assign({ ...GOOD }, ...chosen.map((index) => PROBLEMS[index]!.cells)));
        expect(plan.failedRows).toBe(1);
        const expected = chosen.map((index) => PROBLEMS[index]!.field);
        expect(plan.errors.map((error) => error.field).toSorted()).toEqual(expected.toSorted());
      }),
    );
  });

  it('gives a new graft without bank name and contact the bank’s, and counts it as a notice', () => {
    const plan = planOf(GOOD);
    expect(plan.inserts[0]).toMatchObject({ eName: bank.name, eEmail: bank.email });
    expect(plan.notices.map((notice) => [notice.code, notice.rows])).toEqual([
      ['bankNameFromRecord', 1],
      ['bankEmailFromRecord', 1],
    ]);
  });
});
