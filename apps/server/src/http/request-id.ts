import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { compile } from '@fastify/proxy-addr';
import type { FastifyInstance } from 'fastify';

export const REQUEST_ID_HEADER = 'x-request-id';

/** What a proxy's id may look like to be taken over: a short token that is safe in a log line and a header. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/**
 * Each request's id, in every log line of it (`reqId`) and in the answer's `X-Request-Id`: the
 * one a trusted proxy (`TRUST_PROXY`) sent when it is a safe short token, so the proxy's and our
 * logs meet; otherwise a new UUID, unique across instances and restarts.
 */
export function requestIdOf(trustProxy: boolean | string[]): (request: IncomingMessage) => string {
  // Fastify's own rule for TRUST_PROXY: any peer, or the listed addresses and networks only.
  const trusted = Array.isArray(trustProxy) ? compile(trustProxy) : () => trustProxy;
  return (request) => {
    if (trusted(request.socket.remoteAddress ?? '', 0)) {
      const given = request.headers[REQUEST_ID_HEADER];
      if (typeof given === 'string' && SAFE_REQUEST_ID.test(given)) {
        return given;
      }
    }
    return randomUUID();
  };
}

/** Answers every request with its id; registered before the answer replay, whose answers carry it too. */
export function registerRequestIdHeader(app: FastifyInstance) {
  // A callback hook: every request passes it, and an async one costs a promise each.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
}
