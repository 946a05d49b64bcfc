import type { AddWaitingListRequest } from '../schemas/waiting-list';
import { isIsoDate } from './dates';
import { patientCodeIssues } from './patient-code';
import { validateSearchQuery } from './search-validation';
import { wordedFieldError, type WordedFieldError } from './worded-field-error';

/**
 * The rules of a waiting-list entry that JSON Schema cannot say: the search rules, real calendar
 * dates, an implant window that does not end before it starts, and a complete patient code or
 * the explicit "not known yet" `NN-00-0000`, never a partial one (docs/decisions.md, "Patient codes").
 * Missing fields are reported too; for a PATCH, pass the stored entry merged with the changes,
 * in request names.
 */
export function validateWaitingListRequest(request: Partial<AddWaitingListRequest>): WordedFieldError[] {
  const errors = validateSearchQuery(request);
  const { query_i_min: from, query_i_Max: until, patient_Code: code } = request;

  for (const [field, value] of [
    ['query_i_min', from],
    ['query_i_Max', until],
  ] as const) {
    if (!isIsoDate(value)) {
      errors.push(wordedFieldError(field, { key: 'validation.isoDate' }));
    }
  }
  if (isIsoDate(from) && isIsoDate(until) && until < from) {
    errors.push(
      wordedFieldError('query_i_Max', { key: 'validation.notBeforeField', params: { other: 'query_i_min' } }),
    );
  }
  for (const wording of patientCodeIssues(code, { unknownAllowed: true })) {
    errors.push(wordedFieldError('patient_Code', wording));
  }
  return errors;
}
