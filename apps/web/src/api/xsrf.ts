export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';

export function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) {
      return decodeURIComponent(value.join('='));
    }
  }
  return null;
}

/**
 * The anti-forgery token for a non-GET call. The server sets the cookie on any answer to a request
 * without one; a page whose first call is a POST (the recovery link in dev, where Vite serves the
 * page) asks a cheap GET first so the cookie exists.
 */
export async function xsrfToken(): Promise<string | null> {
  const existing = readCookie(XSRF_COOKIE);
  if (existing) {
    return existing;
  }
  await fetch('/api/health', { credentials: 'same-origin' }).catch(() => undefined);
  return readCookie(XSRF_COOKIE);
}
