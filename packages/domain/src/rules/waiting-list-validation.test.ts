import { describe, expect, it } from 'vitest';
import { aWaitingListRequest } from '../testing/waiting-list-fixture';
import { validateWaitingListRequest } from './waiting-list-validation';

/** The errors as their English text; the catalogue wording is the i18n tests' concern. */
const english = (request: Parameters<typeof validateWaitingListRequest>[0]) =>
  validateWaitingListRequest(request).map(({ field, message }) => ({ field, message }));

const entry = aWaitingListRequest();

describe('validateWaitingListRequest', () => {
  it('accepts a physician waiting for an aortic valve between May and June', () => {
    expect(english(entry)).toEqual([]);
  });

  it('accepts a one-day window and an unknown patient code', () => {
    expect(english({ ...entry, query_i_Max: '2026-05-01', patient_Code: 'NN-00-0000' })).toEqual([]);
  });

  it('refuses a window that ends before it starts', () => {
    expect(english({ ...entry, query_i_Max: '2026-04-30' })).toEqual([
      { field: 'query_i_Max', message: 'must not be before query_i_min' },
    ]);
  });

  it('refuses dates that do not exist, which the pattern alone lets through', () => {
    expect(english({ ...entry, query_i_min: '2026-02-30' })).toEqual([
      { field: 'query_i_min', message: 'must be a date yyyy-mm-dd' },
    ]);
  });

  it('refuses a partial patient code, naming the part that is missing', () => {
    expect(english({ ...entry, patient_Code: 'K-00-2017' })).toEqual([
      { field: 'patient_Code', message: 'the birth month is missing' },
    ]);
    expect(english({ ...entry, patient_Code: 'NN-05-0000' })).toEqual([
      { field: 'patient_Code', message: 'the initial is missing' },
      { field: 'patient_Code', message: 'the birth year is missing' },
    ]);
  });

  it('applies the search rules to the standing search and checks the patient code', () => {
    expect(english({ ...entry, query_d_max: 40, patient_Code: 'a-3-21' })).toEqual([
      { field: 'query_d_max', message: 'may exceed query_d_min by at most 10' },
      { field: 'patient_Code', message: 'the initial must be one letter A-Z' },
      { field: 'patient_Code', message: 'the birth month must be 01-12' },
      { field: 'patient_Code', message: 'the birth year must be 1900-2100' },
    ]);
  });
});
