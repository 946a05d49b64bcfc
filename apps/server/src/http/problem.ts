import { translate, type Language, type Message, type MessageKey } from '@graftmatch/domain';

/** One field-level reason of a refused request; `wording` words it anew in the caller's language. */
export interface FieldError {
  field: string;
  message: string;
  wording?: Message;
}

/** A detail is always a catalogue message, worded in the caller's language. */
export type Detail = Message;

const english = (detail: Detail) => translate('en', detail.key, detail.params);

/**
 * An error that becomes an application/problem+json answer (RFC 9457).
 * Services throw these; the error handler turns them into HTTP answers, the detail worded in the
 * caller's language (docs/decisions.md, "Server texts").
 */
export class ProblemError extends Error {
  override name = 'ProblemError';
  readonly detail: string;
  /** The detail as a catalogue message, worded in the caller's language when answered. */
  readonly wording: Message;
  constructor(
    readonly status: number,
    readonly title: string,
    detail: Detail,
    readonly extras: { errors?: FieldError[]; [key: string]: unknown } = {},
  ) {
    super(english(detail));
    this.detail = english(detail);
    this.wording = detail;
  }
}

/** A field error worded from the catalogue. */
export const fieldError = (field: string, wording: Message): FieldError => ({
  field,
  message: translate('en', wording.key, wording.params),
  wording,
});

export const badRequest = (detail: Detail, errors?: FieldError[]) =>
  new ProblemError(400, 'Bad Request', detail, errors ? { errors } : {});

/** A field's message in `language`: from its wording when it has one, else as written. */
export const fieldMessage = (language: Language, error: FieldError) =>
  error.wording ? translate(language, error.wording.key, error.wording.params) : error.message;

/** The field errors as one line, `field message; ...`, in `language`. */
export const fieldSummary = (language: Language, errors: readonly FieldError[]) =>
  errors.map((error) => `${error.field} ${fieldMessage(language, error)}`).join('; ');

/**
 * A 400 whose detail lists its field errors as `{{summary}}`; the error handler lists them anew
 * in the caller's language.
 */
export const invalidFields = (key: MessageKey, errors: FieldError[]) =>
  new ProblemError(
    400,
    'Bad Request',
    { key, params: { summary: fieldSummary('en', errors) } },
    { errors, summarized: true },
  );
/**
 * A 400 for one field whose detail gives that field's reason as `{{reason}}`; the error handler
 * words the reason anew in the caller's language.
 */
export const invalidField = (key: MessageKey, error: FieldError) =>
  new ProblemError(
    400,
    'Bad Request',
    { key, params: { reason: fieldMessage('en', error) } },
    { errors: [error], summarized: 'reason' },
  );
export const unauthorized = (
  detail: Detail = { key: 'problem.authenticationRequired' },
  extras: Record<string, unknown> = {},
) => new ProblemError(401, 'Unauthorized', detail, extras);
export const forbidden = (detail: Detail = { key: 'problem.forbidden' }) => new ProblemError(403, 'Forbidden', detail);
export const notFound = (detail: Detail = { key: 'problem.notFound' }) => new ProblemError(404, 'Not Found', detail);
export const conflict = (detail: Detail) => new ProblemError(409, 'Conflict', detail);
/** A well-formed request whose content cannot be used (an issuer whose discovery document cannot be read). */
export const unprocessable = (detail: Detail, errors?: FieldError[]) =>
  new ProblemError(422, 'Unprocessable Content', detail, errors ? { errors } : {});

/** Seconds a client waits before retrying a 503 (database restart, disk full, data folder lost). */
export const RETRY_AFTER_SECONDS = 10;

export const serviceUnavailable = (detail: Detail) => new ProblemError(503, 'Service Unavailable', detail);

export const PROBLEM_CONTENT_TYPE = 'application/problem+json; charset=utf-8';
