import type { Language } from '@graftmatch/domain';
import type { FastifyRequest } from 'fastify';
import { languageOf } from '../http/request-kit';
import type { Principal } from './principal';

// The caller the authentication hook (plugins/authentication.ts) puts on every request, declared
// here beside `actorOf`, which reads it.
declare module 'fastify' {
  interface FastifyRequest {
    /** The authenticated caller; null on open routes. */
    principal: Principal | null;
    /** The caller's session (refresh-token family); null on open routes. */
    sessionId: string | null;
  }
}

/** Who acts, for policy checks and audit rows, and the language of what the act writes (a document). */
export interface Actor {
  principal: Principal | null;
  ip: string | null;
  /** The request's language; English when the act comes from no request. */
  language?: Language;
}

export const actorOf = (request: FastifyRequest): Actor => ({
  principal: request.principal,
  ip: request.ip,
  language: languageOf(request),
});
