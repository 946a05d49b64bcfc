import type { FieldError } from '../schemas/common';
import type { AddWaitingListRequest } from '../schemas/waiting-list';
import { isIsoDate } from './dates';
import { parsePatientCode } from './patient-code';
import { validateSearchQuery } from './search-validation';

/**
 * The rules of a waiting-list entry that JSON Schema cannot say: the search rules, real calendar
 * dates, an implant window that does not end before it starts, and a well-formed patient code.
 * Missing fields are reported too; for a PATCH, pass the stored entry merged with the changes,
 * in request names.
 */
export function validateWaitingListRequest(request: Partial<AddWaitingListRequest>): FieldError[] {
  const errors = validateSearchQuery(request);
  const { query_i_min: from, query_i_Max: until, patient_Code: code } = request;

  for (const [field, value] of [
    ['query_i_min', from],
    ['query_i_Max', until],
  ] as const) {
    if (!isIsoDate(value)) {
      errors.push({ field, message: 'must be a date yyyy-mm-dd' });
    }
  }
  if (isIsoDate(from) && isIsoDate(until) && until < from) {
    errors.push({ field: 'query_i_Max', message: 'must not be before query_i_min' });
  }
  if (parsePatientCode(code) === null) {
    errors.push({ field: 'patient_Code', message: 'must be initial-MM-YYYY, e.g. A-03-2021' });
  }
  return errors;
}
