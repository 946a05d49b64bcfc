import type { DataVersions } from '../db/data-versions';
import type { Principal } from '../modules/auth/principal';

// What the authentication hook (plugins/authentication.ts) puts on every request. Declared here, beside
// the http/ helpers that read it, so any program that loads them knows the fields.
declare module 'fastify' {
  interface FastifyRequest {
    /** The authenticated caller; null on open routes. */
    principal: Principal | null;
    /** The caller's session (refresh-token family); null on open routes. */
    sessionId: string | null;
    /** The data versions as of the start of this request; null on open routes. */
    dataVersions: DataVersions | null;
  }
}
