// When a failed mail is tried again (docs/decisions.md "Mail"): a permanent refusal (an SMTP
// 5xx reply) fails it at once; anything else (a 4xx reply, a refused or timed-out connection)
// is tried again after a delay that doubles from the base up to an hour, for 24 hours.

export const HOUR_MS = 3_600_000;
export const RETRY_FOR_MS = 24 * HOUR_MS;
/** The first retry's delay: 30 s, then 1, 2, 4 ... minutes, at most an hour. */
export const RETRY_BASE_MS = 30_000;

/** The delay before the next attempt, after `attempts` failed ones. */
export function retryDelayMs(attempts: number, baseMs = RETRY_BASE_MS): number {
  return Math.min(baseMs * 2 ** Math.max(0, attempts - 1), HOUR_MS);
}

/**
 * True when the mail server refused this mail for good (a 5xx reply). A refused login (EAUTH) is
 * the server's configuration, not the mail's: it is retried, so the mails go out once it is fixed.
 */
export function isPermanentFailure(error: unknown): boolean {
  const { responseCode, code } = error as { responseCode?: unknown; code?: unknown };
  return typeof responseCode === 'number' && responseCode >= 500 && responseCode < 600 && code !== 'EAUTH';
}

/** The reason shown to admins: the server's reply line when there is one, else the error. */
export function failureReason(error: unknown): string {
  const { response, message } = error as { response?: unknown; message?: unknown };
  const reason = typeof response === 'string' && response !== '' ? response : String(message ?? error);
  return reason.slice(0, 500);
}
