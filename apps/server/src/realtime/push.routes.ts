import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { Problem, PUSH_PATH } from '@graftmatch/domain';
import type { FastifyRequest } from 'fastify';
import { ProblemError, forbidden, notFound } from '../http/problem';
import type { AuthDeps } from '../modules/auth/auth.deps';
import { requireUser } from '../modules/auth/auth.policy';
import { loadPrincipal } from '../modules/auth/principal';
import type { ConnectionTokens } from './connection-token';
import { HubConnection, type PushTimings } from './hub-connection';
import type { PushHub } from './push-hub';

export interface PushRouteDeps {
  auth: Pick<AuthDeps, 'db' | 'now'>;
  hub: PushHub;
  tokens: ConnectionTokens;
  timings: PushTimings;
  publicUrl: string;
}

const NegotiateQuery = Type.Object({ negotiateVersion: Type.Optional(Type.Integer({ minimum: 0 })) });
const NegotiateResponse = Type.Object({
  negotiateVersion: Type.Literal(1),
  connectionId: Type.String(),
  connectionToken: Type.String(),
  availableTransports: Type.Array(
    Type.Object({ transport: Type.Literal('WebSockets'), transferFormats: Type.Array(Type.Literal('Text')) }),
  ),
});
const ConnectQuery = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 200, description: 'the connectionToken from negotiate' }),
  access_token: Type.Optional(
    Type.String({ description: 'the access token; browsers cannot send headers with a WebSocket' }),
  ),
});

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

/** The push hub of design.md §8: SignalR negotiate, then the WebSocket at PUSH_PATH. */
export const pushRoutes: FastifyPluginAsyncTypebox<{ deps: PushRouteDeps }> = async (app, { deps }) => {
  app.post(
    `${PUSH_PATH}/negotiate`,
    {
      schema: {
        tags: ['push'],
        querystring: NegotiateQuery,
        response: { 200: NegotiateResponse, 400: Problem, 401: Problem, 403: Problem },
      },
    },
    async (request) => {
      const { connectionId, connectionToken } = deps.tokens.issue(request.sessionId as string);
      return {
        negotiateVersion: 1 as const,
        connectionId,
        connectionToken,
        availableTransports: [{ transport: 'WebSockets' as const, transferFormats: ['Text' as const] }],
      };
    },
  );

  app.get(
    PUSH_PATH,
    {
      websocket: true,
      config: { accessTokenInQuery: true },
      schema: {
        tags: ['push'],
        querystring: ConnectQuery,
        response: { 400: Problem, 401: Problem, 403: Problem, 404: Problem, 426: Problem },
      },
      onRequest: async (request) => {
        if (!isAllowedOrigin(request.headers.origin, request, deps.publicUrl)) {
          throw forbidden('This origin may not open the push connection.');
        }
      },
      preHandler: async (request) => {
        if (!request.ws) {
          throw new ProblemError(
            426,
            'Upgrade Required',
            'This address only speaks WebSocket: connect with the SignalR WebSockets transport.',
          );
        }
        if (deps.tokens.redeem(request.query.id, request.sessionId as string) === null) {
          throw notFound('No connection with that id: negotiate again.');
        }
      },
    },
    (socket, request) => {
      const caller = requireUser(request.principal);
      const session = { sessionId: request.sessionId as string, userId: caller.userId };
      const connection = new HubConnection({
        socket,
        principal: caller,
        timings: deps.timings,
        recheck: async () => (await loadPrincipal(deps.auth, session))?.principal ?? null,
        onClosed: (closed) => deps.hub.remove(closed),
        log: request.log,
      });
      deps.hub.add(connection);
    },
  );
};
