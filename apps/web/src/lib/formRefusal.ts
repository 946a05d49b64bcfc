import type { FieldError } from '@graftmatch/domain';
import { ApiError } from '../api/errors';
import { i18n } from '../i18n';
import { errorMessage } from './errorMessage';

// How a server's refusal of a form is shown (docs/decisions.md, "Forms that say what they need"):
// each field error at its field, named by the field's label; the form's own message lists those
// labels. The server's names for fields never reach the screen.

/** A form's fields by the names the server gives them, each with its label in the reader's language. */
export type FieldLabels = Readonly<Record<string, string>>;

/**
 * The form field a server error is about. Its path (`email`, `sarNotification.reactionDate`,
 * `/reactionDate`, `clinics.0.id`) is read from the end, so a nested body still finds its field.
 */
export function formFieldOf(path: string, labels: FieldLabels): string | undefined {
  const segments = path.split(/[./]/).filter(Boolean);
  return segments.reverse().find((segment) => Object.hasOwn(labels, segment));
}

// A name as the server writes fields: camelCase, snake_case or a dotted path (plain words are not).
const FIELD_NAME = /\b[A-Za-z]\w*(?:\.\w+)+\b|\b[a-z]+(?:[A-Z_]\w*)+\b/g;

/**
 * A server message for a field as shown at it: another field it names (`must not be before
 * query_i_min`) by that field's label, and a message that continues the field's name (the
 * catalogue's `validation.*`, lower case) after the field's label; a sentence stands as it is.
 */
export function shownFieldMessage(message: string, label: string | undefined, labels: FieldLabels): string {
  const worded = message.replace(FIELD_NAME, (name) => {
    const field = formFieldOf(name, labels);
    return field === undefined ? name : (labels[field] ?? name);
  });
  return label !== undefined && /^\p{Ll}/u.test(worded) ? `${label} ${worded}` : worded;
}

/** The server's field errors of a failed save; none for any other failure. */
export const fieldErrorsOf = (error: unknown): readonly FieldError[] => (error instanceof ApiError ? error.errors : []);

/**
 * The form's own message for a failed save: with field errors, which fields to look at by their
 * labels (or to check the entries, when none is on this form); otherwise the server's detail.
 */
export function formRefusalText(error: unknown, labels: FieldLabels): string {
  const errors = fieldErrorsOf(error);
  if (errors.length === 0) {
    return errorMessage(error);
  }
  const shown = [
    ...new Set(errors.map((item) => formFieldOf(item.field, labels)).filter((field) => field !== undefined)),
  ].map((field) => labels[field]);
  return shown.length > 0 ? i18n.t('errors.checkFields', { fields: shown.join(', ') }) : i18n.t('errors.checkEntries');
}
