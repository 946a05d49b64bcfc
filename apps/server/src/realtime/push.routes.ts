import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { Problem, PUSH_PATH } from '@graftmatch/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { conflict, forbidden, notFound } from '../http/problem';
import type { IdentityDeps } from '../identity/identity.deps';
import { requireUser } from '../identity/policy';
import type { ConnectionGrant, ConnectionTokens } from './connection-token';
import type { HubConnection, PushTimings, PushTransport } from './hub-connection';
import type { PushHub } from './push-hub';
import type { ConnectionRelay } from './push-relay';
import { LongPollingTransport, ServerSentEventsTransport, WebSocketTransport } from './push-transports';

export interface PushRouteDeps {
  auth: Pick<IdentityDeps, 'db' | 'now'>;
  hub: PushHub;
  tokens: ConnectionTokens;
  timings: PushTimings;
  publicUrl: string;
  relay: ConnectionRelay;
}

const TRANSPORTS = ['WebSockets', 'ServerSentEvents', 'LongPolling'] as const;
// The JSON hub protocol is text; a client asking for binary frames picks no transport.
const AVAILABLE_TRANSPORTS = TRANSPORTS.map((transport) => ({ transport, transferFormats: ['Text' as const] }));

const NegotiateQuery = Type.Object({
  negotiateVersion: Type.Optional(Type.Integer({ minimum: 0 })),
  useStatefulReconnect: Type.Optional(Type.Boolean()),
});
const NegotiateResponse = Type.Object({
  negotiateVersion: Type.Union([Type.Literal(0), Type.Literal(1)]),
  connectionId: Type.String({ description: 'version 0: also the id of every transport request' }),
  connectionToken: Type.Optional(Type.String({ description: 'version 1: the id of every transport request' })),
  availableTransports: Type.Array(
    Type.Object({
      transport: Type.Union([
        Type.Literal('WebSockets'),
        Type.Literal('ServerSentEvents'),
        Type.Literal('LongPolling'),
      ]),
      transferFormats: Type.Array(Type.Literal('Text')),
    }),
  ),
  useStatefulReconnect: Type.Optional(Type.Boolean()),
});
const ConnectionQuery = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 200, description: 'the connection token from negotiate' }),
});
const ConnectQuery = Type.Composite([
  ConnectionQuery,
  Type.Object({
    access_token: Type.Optional(
      Type.String({ description: 'the access token; browsers cannot send headers with a WebSocket or EventSource' }),
    ),
  }),
]);
const TextBody = Type.String({ description: 'records of the JSON hub protocol' });
const Empty = Type.Null({ description: 'no content' });

/**
 * A browser always sends `Origin` with a WebSocket, and the same-origin policy does not stop a
 * page of another site from opening one to us: only our own origin (PUBLIC_URL, or the host the
 * request came to) may connect. Non-browser clients send no Origin and are let through.
 */
export function isAllowedOrigin(
  origin: string | undefined,
  request: Pick<FastifyRequest, 'protocol' | 'host'>,
  publicUrl: string,
): boolean {
  return (
    origin === undefined || origin === new URL(publicUrl).origin || origin === `${request.protocol}://${request.host}`
  );
}

type Admission = { connection: HubConnection } | { grant: ConnectionGrant };

/** The push hub of docs/decisions.md §8: SignalR negotiate, then the transports at PUSH_PATH. */
export const pushRoutes: FastifyPluginAsyncTypebox<{ deps: PushRouteDeps }> = async (app, { deps }) => {
  // Every push request, negotiate included, follows the same Origin rule as the WebSocket.
  app.addHook('onRequest', async (request) => {
    if (!isAllowedOrigin(request.headers.origin, request, deps.publicUrl)) {
      throw forbidden({ key: 'problem.push.originRefused' });
    }
  });
  const admissions = new WeakMap<FastifyRequest, Admission>();
  const sessionOf = (request: FastifyRequest) => request.sessionId as string;

  /** The connection a request's token names; null when it is genuine but the connection is not here. */
  const existing = (request: FastifyRequest, token: string) => {
    const grant = deps.tokens.verify(token, sessionOf(request));
    if (!grant) {
      throw notFound({ key: 'problem.push.noConnection' });
    }
    return { grant, connection: deps.hub.get(grant.connectionId) ?? null };
  };

  /** A transport request opens its connection once, with an unexpired token, or finds it open. */
  const admit = (request: FastifyRequest, token: string): Admission => {
    const { connection } = existing(request, token);
    if (connection) {
      return { connection };
    }
    const grant = deps.tokens.redeem(token, sessionOf(request));
    if (!grant) {
      throw notFound({ key: 'problem.push.noConnection' });
    }
    return { grant };
  };

  const open = (request: FastifyRequest, grant: ConnectionGrant, transport: PushTransport) => {
    const caller = requireUser(request.principal);
    return deps.hub.open({
      id: grant.connectionId,
      session: { sessionId: sessionOf(request), userId: caller.userId },
      principal: caller,
      stateful: grant.stateful,
      transport,
    });
  };

  app.post(
    `${PUSH_PATH}/negotiate`,
    {
      schema: {
        operationId: 'negotiatePush',
        summary: 'Negotiate a push connection (SignalR)',
        tags: ['push'],
        querystring: NegotiateQuery,
        response: { 200: NegotiateResponse, 400: Problem, 401: Problem, 403: Problem },
      },
    },
    async (request) => {
      const stateful = request.query.useStatefulReconnect === true;
      const { connectionId, connectionToken } = deps.tokens.issue(sessionOf(request), { stateful });
      if ((request.query.negotiateVersion ?? 0) === 0) {
        return {
          negotiateVersion: 0 as const,
          connectionId: connectionToken,
          availableTransports: AVAILABLE_TRANSPORTS,
        };
      }
      return {
        negotiateVersion: 1 as const,
        connectionId,
        connectionToken,
        availableTransports: AVAILABLE_TRANSPORTS,
        ...(stateful ? { useStatefulReconnect: true } : {}),
      };
    },
  );

  app.route({
    method: 'GET',
    url: PUSH_PATH,
    config: { accessTokenInQuery: true },
    schema: {
      operationId: 'connectPush',
      summary: 'Open the push connection, or poll it',
      tags: ['push'],
      description:
        'The WebSocket (upgrade), the Server-Sent Events stream (Accept: text/event-stream) or a Long Polling poll.',
      querystring: ConnectQuery,
      response: {
        200: { content: { 'text/plain': { schema: TextBody }, 'text/event-stream': { schema: TextBody } } },
        204: Empty,
        400: Problem,
        401: Problem,
        403: Problem,
        404: Problem,
        409: Problem,
      },
    },
    preHandler: async (request) => {
      const admission = admit(request, request.query.id);
      // A WebSocket is decided before the upgrade, so that a refusal is still an HTTP answer.
      if (request.ws && 'connection' in admission && !admission.connection.canResume()) {
        throw conflict({ key: 'problem.push.cannotResume' });
      }
      admissions.set(request, admission);
    },
    wsHandler: (socket, request) => {
      const admission = admissions.get(request) as Admission;
      const transport = new WebSocketTransport(socket, deps.timings.closeGraceMs);
      if ('connection' in admission) {
        transport.bind(admission.connection);
        if (!admission.connection.resume(transport)) {
          void transport.end();
        }
      } else {
        transport.bind(open(request, admission.grant, transport));
      }
    },
    handler: async (request, reply) => {
      const admission = admissions.get(request) as Admission;
      if (request.headers.accept?.includes('text/event-stream')) {
        if ('connection' in admission) {
          throw conflict({ key: 'problem.push.hasTransport' });
        }
        return streamEvents(reply, (transport) => transport.bind(open(request, admission.grant, transport)));
      }
      if (!('connection' in admission)) {
        // The first poll only opens the connection; the client then sends its handshake.
        open(request, admission.grant, new LongPollingTransport(deps.timings.longPollMs, deps.timings.closeGraceMs));
        return reply.code(200).type('text/plain; charset=utf-8').send('');
      }
      const transport = admission.connection.currentTransport;
      if (!(transport instanceof LongPollingTransport)) {
        throw conflict({ key: 'problem.push.notLongPolling' });
      }
      admission.connection.heard();
      const answer = await transport.poll(reply.raw);
      return answer.status === 200
        ? reply.code(200).type('text/plain; charset=utf-8').send(answer.body)
        : reply.code(204).send(null);
    },
  });

  app.post(
    PUSH_PATH,
    {
      bodyLimit: 64 * 1024,
      schema: {
        operationId: 'sendPushMessages',
        summary: 'Send hub messages over a Server-Sent Events or Long Polling connection',
        tags: ['push'],
        description: 'Records from a Server-Sent Events or Long Polling client.',
        querystring: ConnectionQuery,
        body: TextBody,
        response: { 200: Empty, 400: Problem, 401: Problem, 403: Problem, 404: Problem, 409: Problem },
      },
    },
    async (request, reply) => {
      const { grant, connection } = existing(request, request.query.id);
      if (!connection) {
        await deps.relay.forward(grant.connectionId, { send: request.body });
      } else if (connection.currentTransport?.kind === 'WebSockets') {
        throw conflict({ key: 'problem.push.sendsOverWebSocket' });
      } else {
        connection.receive(request.body);
      }
      return reply.code(200).send(null);
    },
  );

  app.delete(
    PUSH_PATH,
    {
      schema: {
        operationId: 'closePushConnection',
        summary: 'End a Long Polling push connection',
        tags: ['push'],
        description: 'Ends a Long Polling connection; its last poll is answered 204.',
        querystring: ConnectionQuery,
        response: { 202: Empty, 400: Problem, 401: Problem, 403: Problem, 404: Problem },
      },
    },
    async (request, reply) => {
      const { grant, connection } = existing(request, request.query.id);
      if (connection) {
        void connection.close(null);
      } else {
        await deps.relay.forward(grant.connectionId, { end: true });
      }
      return reply.code(202).send(null);
    },
  );
};

/** Opens the event stream (the security headers set so far go along) and hands its transport over. */
function streamEvents(reply: FastifyReply, bind: (transport: ServerSentEventsTransport) => void): void {
  reply.hijack();
  const response = reply.raw;
  response.writeHead(200, {
    ...(reply.getHeaders() as OutgoingHttpHeaders),
    'content-type': 'text/event-stream',
    // Proxies must pass each event on at once rather than buffer the stream.
    'x-accel-buffering': 'no',
  });
  response.flushHeaders();
  bind(new ServerSentEventsTransport(response));
}
