import { SessionEndedError } from '../api/client';
import { failureNotice } from '../lib/errorMessage';
import { notify } from './notify';

// Apart from errorMessage.ts, so the login screen's forms do not load the toasts.

/**
 * The one toast for a failed request or mutation. An ended session says nothing: the login page it
 * leads to says so.
 */
export function notifyFailure(error: unknown, titles?: { refused?: string; failed?: string }): void {
  if (error instanceof SessionEndedError) {
    return;
  }
  const notice = failureNotice(error, titles);
  notify(notice.tone, notice.message, notice.title);
}
