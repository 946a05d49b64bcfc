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
  unansweredReminderHours: null,
  unansweredEscalationHours: null,
  vigilanceNotificationHours: 24,
  vigilanceConfirmationDays: 90,
  competentAuthorityEmail: null,
  timeZone: 'Europe/Berlin',
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

const context = (takenIds: readonly string[] = []) => ({
  bank,
  existing: new Map(),
  takenIds: new Set(takenIds),
  clinics: new Map(),
  today: '2026-11-26',
  now: '2026-11-26T12:00:00.000Z',
});

function planOf(cells: SourceRow['cells']) {
  return planImport(readRows([{ row: 2, cells, errors: [] }]), context());
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

  it('keeps the id a row names for a new graft while no other graft has it, else gives a new one', () => {
    const ids = ['0d6c3f8e-1b2a-4c5d-8e9f-0a1b2c3d4e5f', 'a1b2c3d4-0000-4000-8000-00000000000a', 'not-a-uuid'];
    const rows: SourceRow[] = [
      { row: 2, cells: { ...GOOD, e_Lot: 'L-1' }, errors: [], id: ids[0] },
      { row: 3, cells: { ...GOOD, e_Lot: 'L-2' }, errors: [], id: ids[1] },
      { row: 4, cells: { ...GOOD, e_Lot: 'L-3' }, errors: [], id: ids[0] },
      { row: 5, cells: { ...GOOD, e_Lot: 'L-4' }, errors: [], id: ids[2] },
    ];
    const plan = planImport(readRows(rows), context([ids[1]!]));
    const [kept, taken, twice, malformed] = plan.inserts.map((insert) => insert.id);
    expect(kept).toBe(ids[0]);
    for (const id of [taken, twice, malformed]) {
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      expect(ids).not.toContain(id);
    }
  });
});
