import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { translateMessage } from '../i18n/translate';
import { checkImportedGraft, readImportCells, type ImportCell } from './graft-import-row';

// A row's errors, all in one answer (docs/import.md "Row errors").

const GOOD: Record<string, ImportCell> = {
  e_Lot: 'EB1-2026-0042',
  t_ProdName_2: '5',
  t_Dproximal: '22',
  t_Lmin: '30',
  t_Lmax: '55',
  'decellularization.outValue': '2026-01-12',
  'release.status': '1',
  'release.outValue': '2026-01-20',
  'expiry.outValue': '2030-01-20',
};

/** Problems of different fields, each the only one of its field: what the row gets wrong, and where it is reported. */
const PROBLEMS: readonly { cells: Record<string, ImportCell>; field: string }[] = [
  { cells: { t_ProdName_2: '9' }, field: 't_ProdName_2' },
  { cells: { t_Dproximal: 'wide' }, field: 't_Dproximal' },
  { cells: { t_Lmin: '90', t_Lmax: '40' }, field: 't_Lmax' },
  { cells: { i_Min: '2026-05-01', i_Max: '2026-04-01' }, field: 'i_Max' },
  { cells: { physician_EMail: 'not an address' }, field: 'physician_EMail' },
  { cells: { patient_Month: '13' }, field: 'patient_Month' },
  { cells: { 'delivery.outValue': '2026-02-30' }, field: 'delivery.outValue' },
  { cells: { 'expiry.outValue': '2026-01-01' }, field: 'expiry.outValue' },
  { cells: { 'assignment.status': '1', c_Name: '' }, field: 'c_Name' },
];

/** What the importer reports for one new graft's cells: the cells' errors, then the rules across fields. */
function rowErrors(cells: Record<string, ImportCell>) {
  const read = readImportCells(cells);
  return [...read.errors, ...checkImportedGraft(read.fields, new Set(read.errors.map((error) => error.field)))];
}

describe('the errors of an imported row', () => {
  it('names a wrong type and lengths out of order together', () => {
    expect(rowErrors({ ...GOOD, t_ProdName_2: '9', t_Lmin: '90', t_Lmax: '40' })).toMatchObject([
      { field: 't_ProdName_2', message: 'must be between 1 and 8' },
      { field: 't_Lmax', message: 'must not be less than t_Lmin' },
    ]);
  });

  it('leaves out a rule across fields whose cell already failed, so no field is blamed twice', () => {
    expect(rowErrors({ ...GOOD, t_ProdName_2: 'five', t_Lmin: '999', 'release.outValue': '2026-13-01' })).toMatchObject(
      [
        { field: 't_ProdName_2', message: 'must be a whole number' },
        { field: 't_Lmin', message: 'must be between 10 and 120 mm' },
        { field: 'release.outValue', message: 'must be a real date written yyyy-mm-dd' },
      ],
    );
  });

  it('keeps each reason as a catalogue message, so it can be shown in German too', () => {
    const [error] = rowErrors({ ...GOOD, t_Lmin: '999' });
    expect(error?.wording).toEqual({ key: 'importRow.betweenMm', params: { min: 10, max: 120 } });
    expect(translateMessage('de', error!.wording!)).toBe('muss zwischen 10 und 120 mm liegen');
  });

  it('reports every one of several independent problems in one answer', () => {
    const subsets = fc.subarray([...PROBLEMS.keys()], { minLength: 1 });
    fc.assert(
      fc.property(subsets, (chosen) => {
        const cells = Object.assign({ ...GOOD }, ...chosen.map((index) => PROBLEMS[index]!.cells));
        const fields = rowErrors(cells).map((error) => error.field);
        expect(fields.toSorted()).toEqual(chosen.map((index) => PROBLEMS[index]!.field).toSorted());
      }),
    );
  });
});
