import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { translate, type MessageKey } from '@graftmatch/domain';
import { PROBLEM_CONTENT_TYPE } from '../http/problem';
import { STATUS_TITLES } from './error-handler';

// Node's HTTP parser refuses some requests before Fastify sees them (headers or URL over 16 KiB,
// malformed request lines, a request that took too long to arrive). Fastify's `clientErrorHandler`
// answers those on the raw socket; this one writes problem+json like every other refusal.

// In English: a request the parser refused has no headers to read a language from.
const DETAILS: Record<number, MessageKey> = {
  400: 'problem.other.requestUnreadable',
  408: 'problem.other.requestTooSlow',
  431: 'problem.other.headersTooLarge',
};

function statusOf(code: string | undefined): number {
  if (code === 'HPE_HEADER_OVERFLOW') {
    return 431;
  }
  return code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
}

/** Fastify's `clientErrorHandler` option. */
export function clientErrorHandler(this: FastifyInstance, error: NodeJS.ErrnoException, socket: Socket): void {
  // A reset connection has nobody left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) {
    return;
  }
  const status = statusOf(error.code);
  this.log.debug({ code: error.code, status }, 'refused a request the HTTP parser could not take');
  const body = JSON.stringify({
    type: 'about:blank',
    title: STATUS_TITLES[status],
    status,
    detail: translate('en', DETAILS[status]!),
  });
  const head = [
    `HTTP/1.1 ${status} ${STATUS_TITLES[status]}`,
    `Content-Type: ${PROBLEM_CONTENT_TYPE}`,
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Cache-Control: no-store',
    'Connection: close',
  ];
  if (socket.writable) {
    socket.end(`${head.join('\r\n')}\r\n\r\n${body}`);
  } else {
    socket.destroy(error);
  }
}
