import type { FieldError, Problem } from '@graftmatch/domain';

/** A failed API call, read from the server's application/problem+json answer (docs/decisions.md §4). */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: number,
    readonly title: string,
    readonly detail: string,
    readonly errors: FieldError[] = [],
    /** Login attempts left, sent with failed logins. */
    readonly passwordAttempts: number | null = null,
    /** A refused scan: the graft's own code and the one read from the package. */
    readonly codes: { expected: string; scanned: string } | null = null,
    /** A refusal for want of an acknowledgement: the patient's implantation within 90 days. */
    readonly priorImplantation: { lot: string; implantedOn: string } | null = null,
  ) {
    super(detail || title);
  }
}

/** Status 0 stands for "no answer at all" (offline, server down). */
export const NETWORK_ERROR_STATUS = 0;

export function networkError(): ApiError {
  return new ApiError(NETWORK_ERROR_STATUS, 'Network error', '');
}

/** A write refused before sending, because the device is offline: nothing reached the server. */
export class OfflineError extends Error {
  override name = 'OfflineError';
  constructor() {
    super('Offline: nothing was sent');
  }
}

function isProblem(value: unknown): value is Partial<Problem> {
  return typeof value === 'object' && value !== null;
}

/** Turns a non-OK answer into an ApiError; answers that are not problem+json keep their status text. */
export async function toApiError(response: Response): Promise<ApiError> {
  const contentType = response.headers.get('content-type') ?? '';
  let body: unknown = null;
  if (contentType.includes('json')) {
    body = await response.json().catch(() => null);
  }
  const problem = isProblem(body) ? body : {};
  return new ApiError(
    response.status,
    problem.title ?? response.statusText,
    problem.detail ?? '',
    Array.isArray(problem.errors) ? problem.errors : [],
    typeof problem.passwordAttempts === 'number' ? problem.passwordAttempts : null,
    typeof problem.expectedCode === 'string' && typeof problem.scannedCode === 'string'
      ? { expected: problem.expectedCode, scanned: problem.scannedCode }
      : null,
    problem.priorImplantation
      ? { lot: problem.priorImplantation.lot, implantedOn: problem.priorImplantation.implantedOn }
      : null,
  );
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
