import { ApiError, NETWORK_ERROR_STATUS, OfflineError } from '../api/errors';
import { i18n } from '../i18n';

/** What a person reads for a failed request: the server's own `detail` whenever it sent one. */
export function errorMessage(error: unknown): string {
  if (error instanceof OfflineError) {
    return i18n.t('errors.offline');
  }
  if (error instanceof ApiError) {
    if (error.status === NETWORK_ERROR_STATUS) {
      return i18n.t('errors.network');
    }
    if (error.detail) {
      return error.detail;
    }
    return i18n.t('errors.status', { status: error.status, title: error.title });
  }
  return i18n.t('errors.unexpected');
}

// Input the server would not take as sent (malformed, in conflict, too large, of a type it does not
// take): the sender can change it, and nothing is broken.
const REFUSAL_STATUSES = new Set([400, 409, 413, 415, 422]);

/** True for a refusal of what was sent, as opposed to a fault (server, network) or missing rights. */
export function isRefusal(error: unknown): error is ApiError {
  return (
    error instanceof ApiError &&
    (REFUSAL_STATUSES.has(error.status) || (error.status >= 400 && error.status < 500 && error.errors.length > 0))
  );
}

export interface FailureNotice {
  tone: 'warning' | 'error';
  title: string;
  message: string;
}

/**
 * How a failed action is told: a refusal in amber, titled as such ("File not accepted") with the
 * server's reason; anything else in red ("Upload failed", by default "Something went wrong").
 */
export function failureNotice(error: unknown, titles: { refused?: string; failed?: string } = {}): FailureNotice {
  const message = errorMessage(error);
  return isRefusal(error)
    ? { tone: 'warning', title: titles.refused ?? i18n.t('errors.notAccepted'), message }
    : { tone: 'error', title: titles.failed ?? i18n.t('errors.title'), message };
}
