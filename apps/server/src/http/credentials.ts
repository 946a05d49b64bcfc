import { hasControlCharacters } from '@graftmatch/domain';
import type { FastifyRequest } from 'fastify';

/** The bearer token of the Authorization header, if any. */
export function bearerOf(request: FastifyRequest): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  return match?.[1] ?? null;
}

/** The key of `Authorization: ApiKey <key>` (a tissue bank's import key), if any. */
export function apiKeyOf(request: FastifyRequest): string | null {
  const match = /^ApiKey\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  return match?.[1] ?? null;
}

/**
 * The Basic credentials of the Authorization header, if well-formed. The user name is an e-mail
 * address and so obeys the domain's text rule (no NUL or other controls); the password may hold any
 * character, since it is only ever hashed.
 */
export function basicCredentialsOf(request: FastifyRequest): { email: string; password: string } | null {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(request.headers.authorization ?? '');
  if (!match?.[1]) {
    return null;
  }
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  const email = decoded.slice(0, colon);
  return colon < 1 || hasControlCharacters(email) ? null : { email, password: decoded.slice(colon + 1) };
}
