import { badRequest, fieldError } from './problem';

/** A required text without its surrounding blanks; only blanks is refused like an empty field. */
export function requiredText(field: string, value: string): string {
  const trimmed = value.trim();
  if (trimmed === '') {
    throw badRequest({ key: 'problem.other.fieldBlank', params: { field } }, [
      fieldError(field, { key: 'validation.blank' }),
    ]);
  }
  return trimmed;
}

/** An optional text without its surrounding blanks; empty or only blanks is stored as no value. */
export function emptyToNull(text: string | null | undefined): string | null {
  const trimmed = text?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}
