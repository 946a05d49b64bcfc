import { timingSafeEqual } from 'node:crypto';
import cookie from '@fastify/cookie';
import type { FastifyInstance } from 'fastify';
import { forbidden } from '../http/problem';
import { randomToken } from '../modules/auth/secrets';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';

// Methods that change nothing; every other method must prove it comes from our own pages.
const SAFE_METHODS = new Set(['GET', 'HEAD']);

function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Double-submit anti-forgery (design.md §4): a random `XSRF-TOKEN` cookie, readable by scripts
 * and SameSite=Strict, is set on any answer to a request that lacks one; every non-GET request,
 * open routes included, must echo it in `X-XSRF-TOKEN`, else 403. Another site can make a
 * browser send our cookies but cannot read them, so it cannot forge the header.
 * Also registers @fastify/cookie for the whole app.
 */
export async function registerAntiForgery(app: FastifyInstance, options: { secureCookies: boolean }) {
  await app.register(cookie);
  app.addHook('onRequest', async (request, reply) => {
    const cookieToken = request.cookies[XSRF_COOKIE];
    if (!cookieToken) {
      reply.setCookie(XSRF_COOKIE, randomToken(), {
        path: '/',
        sameSite: 'strict',
        secure: options.secureCookies,
        httpOnly: false,
      });
    }
    if (SAFE_METHODS.has(request.method)) {
      return;
    }
    const headerToken = request.headers[XSRF_HEADER];
    if (!cookieToken || typeof headerToken !== 'string' || !sameToken(cookieToken, headerToken)) {
      throw forbidden('The anti-forgery header X-XSRF-TOKEN is missing or does not match the XSRF-TOKEN cookie.');
    }
  });
}

/**
 * Secure cookies, except on plain HTTP to a non-loopback host, where a browser would drop them
 * (browsers treat http://localhost as secure). Production runs on HTTPS, so always Secure there.
 */
export function useSecureCookies(publicUrl: string): boolean {
  const url = new URL(publicUrl);
  return url.protocol === 'https:' || ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}
