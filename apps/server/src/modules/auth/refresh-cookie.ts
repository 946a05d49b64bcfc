import type { FastifyReply } from 'fastify';

/** The web client's refresh token lives only in this HttpOnly cookie (docs/decisions.md §7). */
export const REFRESH_COOKIE = 'refresh';
// Sent only to the API, where refresh and logout read it.
const COOKIE_PATH = '/api';

export function setRefreshCookie(reply: FastifyReply, token: string, expiresAt: Date, now: Date, secure: boolean) {
  reply.setCookie(REFRESH_COOKIE, token, {
    path: COOKIE_PATH,
    httpOnly: true,
    secure,
    sameSite: 'strict',
    maxAge: Math.max(0, Math.floor((expiresAt.getTime() - now.getTime()) / 1000)),
  });
}

export function clearRefreshCookie(reply: FastifyReply, secure: boolean) {
  reply.clearCookie(REFRESH_COOKIE, { path: COOKIE_PATH, httpOnly: true, secure, sameSite: 'strict' });
}
