import type { DataVersions } from '../db/data-versions';

// What the authentication and replay hooks (plugins/) put on every request besides the caller
// (identity/actor.ts). Declared here, beside the http/ helpers that read it, so any program that loads
// them knows the field.
declare module 'fastify' {
  interface FastifyRequest {
    /** The data versions as of the start of this request; null on open routes. */
    dataVersions: DataVersions | null;
    /**
     * Until when a replay of this request's answer holds (plugins/answer-replay.ts): the end of the
     * UTC day it began on, or earlier for an answer kept per minute (http/answer-cache.ts).
     */
    replayUntilMs: number;
  }
}
