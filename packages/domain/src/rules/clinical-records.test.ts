import { describe, expect, it } from 'vitest';
import {
  correctableFields,
  isOutsideImplantWindow,
  priorImplantationsSince,
  validateCorrection,
  validateDelivery,
  validateImplantation,
} from './clinical-records';

const dates = {
  today: '2026-11-26',
  releasedOn: '2026-11-05',
  assignedOn: '2026-11-10',
  deliveredOn: '2026-11-12',
  implantedOn: '2026-11-20',
};

/** The errors as their English text; the catalogue wording is the i18n tests' concern. */
const english = (errors: { field: string; message: string }[]) =>
  errors.map(({ field, message }) => ({ field, message }));
const implantation = (...args: Parameters<typeof validateImplantation>) => english(validateImplantation(...args));
const correction = (...args: Parameters<typeof validateCorrection>) => english(validateCorrection(...args));

describe('validateImplantation', () => {
  it('accepts an implantation between the delivery and today with a complete patient code', () => {
    expect(implantation({ date: '2026-11-26', patient_Code: 'A-03-2021' }, dates)).toEqual([]);
    expect(implantation({ date: '2026-11-12', patient_Code: 'A-03-2021' }, dates)).toEqual([]);
  });

  it('refuses a date in the future and the placeholder patient code (the reported 2027-05-01 with NN-00-0000)', () => {
    expect(implantation({ date: '2027-05-01', patient_Code: 'NN-00-0000' }, dates)).toEqual([
      { field: 'date', message: 'must not be in the future (today is 2026-11-26)' },
      { field: 'patient_Code', message: 'must name the patient (initial-MM-YYYY); NN-00-0000 is not a patient' },
    ]);
  });

  it('refuses a date before the delivery, a date that does not exist and a partial code', () => {
    expect(implantation({ date: '2026-11-11', patient_Code: 'A-00-2021' }, dates)).toEqual([
      { field: 'date', message: 'must not be before the delivery on 2026-11-12' },
      { field: 'patient_Code', message: 'the birth month is missing' },
    ]);
    expect(implantation({ date: '2026-02-30', patient_Code: 'A-03-2021' }, dates)).toEqual([
      { field: 'date', message: 'must be a date yyyy-mm-dd' },
    ]);
  });
});

describe('corrections', () => {
  it('lets the bank correct its steps, the physician the implantation or return, an admin any', () => {
    expect(correctableFields('implanted', 'bank')).toEqual(['assignedOn', 'deliveredOn']);
    expect(correctableFields('implanted', 'physician')).toEqual(['implantedOn', 'patient_Code']);
    expect(correctableFields('implanted', 'admin')).toEqual([
      'assignedOn',
      'deliveredOn',
      'implantedOn',
      'patient_Code',
    ]);
    expect(correctableFields('returned', 'physician')).toEqual(['reason']);
    expect(correctableFields('declined', 'bank')).toEqual(['reason']);
    expect(correctableFields('requested', 'admin')).toEqual([]);
  });

  it('checks a corrected value like the step that recorded it', () => {
    expect(correction('implantedOn', '2026-11-19', dates)).toEqual([]);
    expect(correction('implantedOn', '2026-11-27', dates)).toEqual([
      { field: 'value', message: 'must not be in the future (today is 2026-11-26)' },
    ]);
    expect(correction('deliveredOn', '2026-11-21', dates)).toEqual([
      { field: 'value', message: 'must not be after the implantation on 2026-11-20' },
    ]);
    expect(correction('assignedOn', '2026-11-13', dates)).toEqual([
      { field: 'value', message: 'must not be after the delivery on 2026-11-12' },
    ]);
    // An assignment dated back before the graft's release would make a record its own bank's import refuses.
    expect(correction('assignedOn', '2026-11-04', dates)).toEqual([
      { field: 'value', message: 'must not be before the graft’s release on 2026-11-05' },
    ]);
    expect(correction('assignedOn', '2026-11-05', dates)).toEqual([]);
    expect(correction('patient_Code', 'NN-00-0000', dates)).toHaveLength(1);
    expect(correction('reason', '  ', dates)).toEqual([{ field: 'value', message: 'must not be empty' }]);
  });
});

describe('validateDelivery', () => {
  it('accepts a delivery from the assignment to today with carrier and reference, the date left to the server', () => {
    expect(english(validateDelivery({ date: '2026-11-10', carrier: 'DHL', reference: 'JD0146' }, dates))).toEqual([]);
    expect(english(validateDelivery({ carrier: 'Courier', reference: '42' }, dates))).toEqual([]);
  });

  it('refuses a date before the assignment or in the future, and a blank carrier or reference', () => {
    expect(english(validateDelivery({ date: '2026-11-09', carrier: ' ', reference: 'R1' }, dates))).toEqual([
      { field: 'date', message: 'must not be before the assignment on 2026-11-10' },
      { field: 'carrier', message: expect.any(String) },
    ]);
    expect(english(validateDelivery({ date: '2026-11-27' }, dates)).map((error) => error.field)).toEqual([
      'date',
      'carrier',
      'reference',
    ]);
  });
});

describe('isOutsideImplantWindow', () => {
  const window = { from: '2026-12-01', to: '2026-12-31' };
  it('is outside before the first and after the last day of the window, inside on both ends', () => {
    expect(isOutsideImplantWindow('2026-11-30', window)).toBe(true);
    expect(isOutsideImplantWindow('2027-01-01', window)).toBe(true);
    expect(isOutsideImplantWindow('2026-12-01', window)).toBe(false);
    expect(isOutsideImplantWindow('2026-12-31', window)).toBe(false);
  });
  it('is never outside for a request without a window', () => {
    expect(isOutsideImplantWindow('2026-11-30', { from: null, to: null })).toBe(false);
  });
});

describe('priorImplantationsSince', () => {
  it('reaches 90 days back: an implantation on 2026-09-02 still counts on 2026-12-01', () => {
    expect(priorImplantationsSince('2026-12-01')).toBe('2026-09-02');
  });
});
