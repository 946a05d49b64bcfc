import { describe, expect, it } from 'vitest';
import {
  displayPatientCode,
  formatPatientCode,
  isCompletePatientCode,
  parsePatientCode,
  patientCodeErrors,
  patientPartProblems,
  PATIENT_CODE_PLACEHOLDER,
} from './patient-code';

describe('patient code', () => {
  it('writes initial, two-digit month and year', () => {
    expect(formatPatientCode({ initial: 'A', month: 3, year: 2021 })).toBe('A-03-2021');
  });

  it('reads a code back into the parts it was written from', () => {
    const parts = { initial: 'K', month: 11, year: 1999 };
    expect(parsePatientCode(formatPatientCode(parts))).toEqual(parts);
  });

  it('writes placeholders for missing or invalid parts, so a partial code is still well formed', () => {
    expect(formatPatientCode({})).toBe(PATIENT_CODE_PLACEHOLDER);
    expect(formatPatientCode({ initial: 'a', month: 13, year: 2021 })).toBe('A-00-2021');
    expect(formatPatientCode({ initial: 'AB', month: 3, year: 1899 })).toBe('NN-03-0000');
  });

  it('reads placeholders as unknown parts', () => {
    expect(parsePatientCode('NN-00-0000')).toEqual({ initial: null, month: null, year: null });
    expect(parsePatientCode('B-00-2020')).toEqual({ initial: 'B', month: null, year: 2020 });
  });

  it('refuses text that is not a code at all', () => {
    for (const text of [
      'a-03-2021',
      'A-13-2021',
      'A-3-2021',
      'A-03-21',
      'A-03-1899',
      'A-03-2101',
      'AB-03-2021',
      '',
      null,
    ]) {
      expect(parsePatientCode(text)).toBeNull();
    }
  });

  it('accepts the edges of the year range', () => {
    expect(parsePatientCode('Z-01-1900')?.year).toBe(1900);
    expect(parsePatientCode('Z-12-2100')?.year).toBe(2100);
  });

  it('shows a complete code, and n.d. as soon as any part is missing', () => {
    expect(displayPatientCode('A-03-2021')).toBe('A-03-2021');
    expect(displayPatientCode({ initial: 'a', month: 3, year: 2021 })).toBe('A-03-2021');
    expect(displayPatientCode(PATIENT_CODE_PLACEHOLDER)).toBe('n.d.');
    expect(displayPatientCode('A-00-2021')).toBe('n.d.');
    expect(displayPatientCode({ initial: 'A', month: 3, year: null })).toBe('n.d.');
    expect(displayPatientCode('garbage')).toBe('n.d.');
    expect(displayPatientCode(null)).toBe('n.d.');
  });

  it('names each entered part that is missing or out of range, so month 13 is an error, not a cleared field', () => {
    expect(patientPartProblems({ initial: 'K', month: 13, year: 2017 })).toEqual({ month: 'invalid' });
    expect(patientPartProblems({ initial: null, month: 3, year: 1899 })).toEqual({
      initial: 'missing',
      year: 'invalid',
    });
    expect(patientPartProblems({ initial: 'K', month: 3, year: 2017 })).toEqual({});
  });

  it('takes a complete code, the placeholder only where "not known yet" is allowed, a partial code never', () => {
    expect(patientCodeErrors('K-03-2017', { unknownAllowed: false })).toEqual([]);
    expect(patientCodeErrors(PATIENT_CODE_PLACEHOLDER, { unknownAllowed: true })).toEqual([]);
    expect(patientCodeErrors(PATIENT_CODE_PLACEHOLDER, { unknownAllowed: false })).toEqual([
      'must name the patient (initial-MM-YYYY); NN-00-0000 is not a patient',
    ]);
    expect(patientCodeErrors('K-00-2017', { unknownAllowed: true })).toEqual(['the birth month is missing']);
    expect(patientCodeErrors('K-13-2017', { unknownAllowed: true })).toEqual(['the birth month must be 01-12']);
    expect(patientCodeErrors('k-03-2017', { unknownAllowed: true })).toEqual(['the initial must be one letter A-Z']);
    expect(patientCodeErrors('K032017', { unknownAllowed: true })).toEqual(['must be initial-MM-YYYY, e.g. A-03-2021']);
    expect(isCompletePatientCode('A-03-2021')).toBe(true);
    expect(isCompletePatientCode('A-03-0000')).toBe(false);
  });
});

describe('a complete patient code', () => {
  it('has all three parts; the placeholder and partial codes are not complete', () => {
    expect(isCompletePatientCode('A-03-2021')).toBe(true);
    expect(isCompletePatientCode(PATIENT_CODE_PLACEHOLDER)).toBe(false);
    expect(isCompletePatientCode('K-00-2017')).toBe(false);
    expect(isCompletePatientCode('K-13-2017')).toBe(false);
    expect(isCompletePatientCode('')).toBe(false);
  });
});
