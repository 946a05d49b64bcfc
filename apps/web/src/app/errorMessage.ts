import { ApiError, NETWORK_ERROR_STATUS } from '../api/errors';
import { i18n } from '../i18n';

/** What a person reads for a failed request: the server's own `detail` whenever it sent one. */
export function errorMessage(error: unknown): string {
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
