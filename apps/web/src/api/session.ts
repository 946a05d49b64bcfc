/**
 * The access token lives in this module's memory only (docs/decisions.md §7): never in storage a script
 * from elsewhere could read. The refresh token is an HttpOnly cookie the browser keeps.
 */
let accessToken: string | null = null;
let expiresAtMs: number | null = null;

// A marker (not a secret) that this browser holds a refresh cookie, so a visitor who never logged
// in is sent to login at once instead of after a refresh call that can only fail.
const SESSION_MARKER_KEY = 'graftmatch.session';

/** Reads `exp` (seconds) from a JWT's payload; null when the token is not a readable JWT. */
export function decodeExpiry(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) {
    return null;
  }
  try {
    const json = atob(
      payload
        .replace(/-/g, '+')
        .replace(/_/g, '/')
        .padEnd(Math.ceil(payload.length / 4) * 4, '='),
    );
    const exp: unknown = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === 'number' ? exp * 1000 : null;
  } catch {
    return null;
  }
}

export function setAccessToken(token: string): void {
  accessToken = token;
  expiresAtMs = decodeExpiry(token);
  localStorage.setItem(SESSION_MARKER_KEY, '1');
}

export function clearSession(): void {
  accessToken = null;
  expiresAtMs = null;
  localStorage.removeItem(SESSION_MARKER_KEY);
}

export function currentAccessToken(): string | null {
  return accessToken;
}

/** True when the token is missing or ends within `marginMs`, so a call would risk a 401. */
export function needsRefresh(now = Date.now(), marginMs = 30_000): boolean {
  return accessToken === null || (expiresAtMs !== null && expiresAtMs - now < marginMs);
}

export function mayHaveSession(): boolean {
  return accessToken !== null || localStorage.getItem(SESSION_MARKER_KEY) === '1';
}
