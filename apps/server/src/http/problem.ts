import { translate, type Message } from '@graftmatch/domain';

/** One field-level reason of a refused request; `wording` words it anew in the caller's language. */
export interface FieldError {
  field: string;
  message: string;
  wording?: Message;
}

/** A detail given as English text (worded once) or as a catalogue message (worded in the caller's language). */
export type Detail = string | Message;

const english = (detail: Detail) => (typeof detail === 'string' ? detail : translate('en', detail.key, detail.params));

/**
 * An error that becomes an application/problem+json answer (RFC 9457).
 * Services throw these; the error handler turns them into HTTP answers, in the caller's language
 * where the detail is a catalogue message (docs/decisions.md, "Server texts").
 */
export class ProblemError extends Error {
  override name = 'ProblemError';
  readonly detail: string;
  /** The detail as a catalogue message; null when it was given as text. */
  readonly wording: Message | null;
  constructor(
    readonly status: number,
    readonly title: string,
    detail: Detail,
    readonly extras: { errors?: FieldError[]; [key: string]: unknown } = {},
  ) {
    super(english(detail));
    this.detail = english(detail);
    this.wording = typeof detail === 'string' ? null : detail;
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
export const unauthorized = (
  detail: Detail = { key: 'problem.authenticationRequired' },
  extras: Record<string, unknown> = {},
) => new ProblemError(401, 'Unauthorized', detail, extras);
export const forbidden = (detail: Detail = { key: 'problem.forbidden' }) => new ProblemError(403, 'Forbidden', detail);
export const notFound = (detail: Detail = { key: 'problem.notFound' }) => new ProblemError(404, 'Not Found', detail);
export const conflict = (detail: Detail) => new ProblemError(409, 'Conflict', detail);

/** Seconds a client waits before retrying a 503 (database restart, disk full, data folder lost). */
export const RETRY_AFTER_SECONDS = 10;

export const serviceUnavailable = (detail: Detail) => new ProblemError(503, 'Service Unavailable', detail);

export const PROBLEM_CONTENT_TYPE = 'application/problem+json; charset=utf-8';
