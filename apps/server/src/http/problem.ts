/** One field-level reason of a refused request. */
export interface FieldError {
  field: string;
  message: string;
}

/**
 * An error that becomes an application/problem+json answer (RFC 9457).
 * Services throw these; the error handler turns them into HTTP answers.
 */
export class ProblemError extends Error {
  override name = 'ProblemError';
  constructor(
    readonly status: number,
    readonly title: string,
    readonly detail: string,
    readonly extras: { errors?: FieldError[]; [key: string]: unknown } = {},
  ) {
    super(detail);
  }
}

export const badRequest = (detail: string, errors?: FieldError[]) =>
  new ProblemError(400, 'Bad Request', detail, errors ? { errors } : {});
export const unauthorized = (detail = 'Authentication is required.', extras: Record<string, unknown> = {}) =>
  new ProblemError(401, 'Unauthorized', detail, extras);
export const forbidden = (detail = 'You may not do this.') => new ProblemError(403, 'Forbidden', detail);
export const notFound = (detail = 'Not found.') => new ProblemError(404, 'Not Found', detail);
export const conflict = (detail: string) => new ProblemError(409, 'Conflict', detail);

/** Seconds a client waits before retrying a 503 (database restart, disk full, data folder lost). */
export const RETRY_AFTER_SECONDS = 10;

export const serviceUnavailable = (detail: string) => new ProblemError(503, 'Service Unavailable', detail);

export const PROBLEM_CONTENT_TYPE = 'application/problem+json; charset=utf-8';
