import type { FieldError } from '../schemas/common';
import type { AddWaitingListRequest } from '../schemas/waiting-list';
import { isIsoDate } from './dates';
import { patientCodeErrors } from './patient-code';
import { validateSearchQuery } from './search-validation';

/**
 * The rules of a waiting-list entry that JSON Schema cannot say: the search rules, real calendar
 * dates, an implant window that does not end before it starts, and a complete patient code or
 * the explicit "not known yet" `NN-00-0000`, never a partial one (docs/decisions.md, "Patient codes").
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
  for (const message of patientCodeErrors(code, { unknownAllowed: true })) {
    errors.push({ field: 'patient_Code', message });
  }
  return errors;
}
