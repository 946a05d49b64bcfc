/**
 * The access token lives in this module's memory only (docs/decisions.md §7): never in storage a script
 * from elsewhere could read. The refresh token is an HttpOnly cookie the browser keeps.
 */
let accessToken: string | null = null;
let expiresAtMs: number | null = null;

// A marker (not a secret) that this browser holds a refresh cookie, so a visitor who never logged
// in is sent to login at once instead of after a refresh call that can only fail.
const SESSION_MARKER_KEY = 'graftmatch.session';
// For the working set kept on the device (docs/security.md "On the device"), none of them a secret:
// when the session ends unless it is used (the refresh token's `exp`: the idle limit, never past the
// absolute end), whether the person said at login that this is their own device, and whose working
// set is kept. All go with the session.
const SESSION_END_KEY = 'graftmatch.sessionEnd';
const OWN_DEVICE_KEY = 'graftmatch.ownDevice';
const KEPT_FOR_KEY = 'graftmatch.keptFor';

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
  for (const key of [SESSION_MARKER_KEY, SESSION_END_KEY, OWN_DEVICE_KEY, KEPT_FOR_KEY]) {
    localStorage.removeItem(key);
  }
}

/** Notes the session's end from a refresh token (given at login and at every refresh). */
export function noteSessionEnd(refreshToken: string): void {
  const endsAt = decodeExpiry(refreshToken);
  if (endsAt !== null) {
    localStorage.setItem(SESSION_END_KEY, String(endsAt));
  }
}

/** The time (ms) the session ends unless used; null when not known. */
export function sessionEndsAt(): number | null {
  const endsAt = Number(localStorage.getItem(SESSION_END_KEY));
  return endsAt > 0 ? endsAt : null;
}

/**
 * The login's answer to "this is my device", kept for this session only. A new login never opens
 * what was kept for the session before it.
 */
export function chooseOwnDevice(own: boolean): void {
  localStorage.removeItem(KEPT_FOR_KEY);
  if (own) {
    localStorage.setItem(OWN_DEVICE_KEY, '1');
  } else {
    localStorage.removeItem(OWN_DEVICE_KEY);
  }
}

export function isOwnDevice(): boolean {
  return localStorage.getItem(OWN_DEVICE_KEY) === '1';
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

/** Notes whose working set this device keeps (a user id), so the next start restores it. */
export function noteKeptFor(userId: string): void {
  localStorage.setItem(KEPT_FOR_KEY, userId);
}

export function keptFor(): string | null {
  return localStorage.getItem(KEPT_FOR_KEY);
}
