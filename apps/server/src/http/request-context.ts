import type { DataVersions } from '../db/data-versions';

// What the authentication hook (plugins/authentication.ts) puts on every request besides the caller
// (identity/actor.ts). Declared here, beside the http/ helpers that read it, so any program that loads
// them knows the field.
declare module 'fastify' {
  interface FastifyRequest {
    /** The data versions as of the start of this request; null on open routes. */
    dataVersions: DataVersions | null;
  }
}
