import { describe, expect, it } from 'vitest';
import { PROCESS_STEP_NAMES } from '../constants/process-steps';
import type { ImportedFields } from './graft-import-row';
import { TRACEABILITY_FIELDS, correctedTraceabilityFields } from './import-corrections';

// Corrections of an assigned graft by import need a reason (docs/import.md "Corrections").

const released: ImportedFields = {
  x_Lot: 'PX26-1-0042',
  t_Dproximal: 22,
  d_Remarks_public: 'Donor without relevant history.',
  'release.status': 1,
  'release.outValue': '2026-01-20',
  'assignment.status': 0,
  'assignment.outValue': null,
  'delivery.outValue': null,
  c_Name: null,
  patient_Month: null,
};
const assigned: ImportedFields = {
  ...released,
  'assignment.status': 1,
  'assignment.outValue': '2026-02-01',
  c_Name: 'Clinic One',
  patient_Month: 4,
};

describe('correctedTraceabilityFields', () => {
  it('covers the lots, the SEC, every dimension, every step date, the clinic and the patient code', () => {
    const dimensions = ['t_Dproximal', 't_Ddistal', 't_Lmin', 't_Lmax', 't_Lleft', 't_Lright', 't_Dleft', 't_Dright'];
    const expected = [...dimensions, ...PROCESS_STEP_NAMES.map((step) => `${step}.outValue`)];
    expected.push('x_Lot', 't_Lot', 'x_SEC', 'c_Name', 'patient_Initial', 'patient_Month', 'patient_Year');
    expect([...TRACEABILITY_FIELDS].sort()).toEqual(expected.sort());
  });

  it('asks nothing while the graft is not assigned', () => {
    expect(correctedTraceabilityFields(released, { ...released, t_Dproximal: 23, x_Lot: 'PX26-1-0043' })).toEqual([]);
  });

  it('names each recorded traceability value of an assigned graft that changes or is cleared', () => {
    const after = { ...assigned, t_Dproximal: 23, 'assignment.outValue': '2026-02-02', c_Name: null, patient_Month: 5 };
    expect(correctedTraceabilityFields(assigned, after)).toEqual([
      't_Dproximal',
      'assignment.outValue',
      'c_Name',
      'patient_Month',
    ]);
  });

  it('lets the process go on: a first delivery date, remarks and an unchanged value need no reason', () => {
    const after = { ...assigned, 'delivery.outValue': '2026-02-03', d_Remarks_public: 'Transported cold.' };
    expect(correctedTraceabilityFields(assigned, after)).toEqual([]);
  });
});
