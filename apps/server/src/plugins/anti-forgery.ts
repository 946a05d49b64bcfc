import { timingSafeEqual } from 'node:crypto';
import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { forbidden } from '../http/problem';
import { apiKeyOf, bearerOf } from '../http/credentials';
import { randomToken } from '../identity/secrets';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's credential is in its body (a signed assertion), so nothing ambient can be abused. */
    credentialInBody?: boolean;
  }
}

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
 * Forgery rides on what a browser adds by itself: cookies. A request that carries no cookie at
 * all and authenticates by a bearer token (or a tissue bank's API key) has nothing ambient to
 * abuse; another site could only send it with a token it cannot get (docs/security.md, "Anti-forgery"). SignalR clients such as
 * the official one with only `accessTokenFactory` send exactly that, and no anti-forgery header.
 */
function carriesNoAmbientCredential(request: FastifyRequest): boolean {
  return request.headers.cookie === undefined && (bearerOf(request) !== null || apiKeyOf(request) !== null);
}

/**
 * Double-submit anti-forgery (docs/decisions.md §4): a random `XSRF-TOKEN` cookie, readable by scripts
 * and SameSite=Strict, is set on any answer to a request that lacks one; every non-GET request,
 * open routes included, must echo it in `X-XSRF-TOKEN`, else 403. Another site can make a
 * browser send our cookies but cannot read them, so it cannot forge the header.
 * Requests without any cookie that bring a bearer token are exempt (see above).
 * Also registers @fastify/cookie for the whole app.
 */
export async function registerAntiForgery(app: FastifyInstance, options: { secureCookies: boolean }) {
  await app.register(cookie);
  // A callback hook: every request passes it, and an async one costs a promise each.
  app.addHook('onRequest', (request, reply, done) => {
    done(forgeryOf(request, reply, options.secureCookies) ?? undefined);
  });
}

/** Sets the cookie where it is missing; the refusal of a request that may be forged, else null. */
function forgeryOf(request: FastifyRequest, reply: FastifyReply, secureCookies: boolean): Error | null {
  // No cookie for such a client either: one that keeps cookies (the official SignalR client
  // does, in Node) would send it back and, without the header, be refused.
  if (carriesNoAmbientCredential(request) || request.routeOptions.config.credentialInBody) {
    return null;
  }
  const cookieToken = request.cookies[XSRF_COOKIE];
  if (!cookieToken) {
    reply.setCookie(XSRF_COOKIE, randomToken(), {
      path: '/',
      sameSite: 'strict',
      secure: secureCookies,
      httpOnly: false,
    });
  }
  if (SAFE_METHODS.has(request.method)) {
    return null;
  }
  const headerToken = request.headers[XSRF_HEADER];
  if (!cookieToken || typeof headerToken !== 'string' || !sameToken(cookieToken, headerToken)) {
    return forbidden({ key: 'problem.auth.antiForgery' });
  }
  return null;
}

/**
 * Secure cookies, except on plain HTTP to a non-loopback host, where a browser would drop them
 * (browsers treat http://localhost as secure). Production runs on HTTPS, so always Secure there.
 */
export function useSecureCookies(publicUrl: string): boolean {
  const url = new URL(publicUrl);
  return url.protocol === 'https:' || ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}
