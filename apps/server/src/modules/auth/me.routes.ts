import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { Id, ResetPasswordRequest, SsoLogout, UserSession } from '@graftmatch/domain';
import type { FastifyRequest } from 'fastify';
import { unauthorized } from '../../http/problem';
import { problems, requestContext } from '../../http/request-kit';
import { AUTH_RATE_LIMIT } from '../../plugins/rate-limit';
import type { AuthDeps } from './auth.deps';
import { changePassword } from './password.service';
import { clearRefreshCookie } from './refresh-cookie';
import { endOwnSession, getMySessions } from './session.service';
import { logoutEverywhere } from './sso-logout.service';
import type { SsoDeps } from './sso.deps';

const errors = problems(400, 401, 403, 404, 429);

/** The caller and session of a protected route; the authentication plugin has set both. */
function caller(request: FastifyRequest) {
  if (!request.principal || !request.sessionId) {
    throw unauthorized();
  }
  return { userId: request.principal.userId, sessionId: request.sessionId };
}

/** Self-service of the logged-in user under /api/users: log out, password, sessions (who am I: modules/users). */
export const meRoutes: FastifyPluginAsyncTypebox<{ deps: AuthDeps; sso: SsoDeps; secureCookies: boolean }> = async (
  app,
  { deps, sso, secureCookies },
) => {
  app.get(
    '/logout',
    {
      config: { rateLimit: AUTH_RATE_LIMIT },
      // 204; a session begun by single sign-on answers 200 with the provider's end-session address.
      schema: {
        operationId: 'logout',
        summary: 'Log out and end the current session',
        tags: ['users'],
        response: { 200: SsoLogout, 204: Type.Null(), ...errors },
      },
    },
    async (request, reply) => {
      const ended = await logoutEverywhere(sso, caller(request), requestContext(request));
      clearRefreshCookie(reply, secureCookies);
      return ended ? reply.code(200).send(ended) : reply.code(204).send(null);
    },
  );

  app.post(
    '/resetpassword',
    {
      config: { rateLimit: AUTH_RATE_LIMIT },
      schema: {
        operationId: 'changePassword',
        summary: 'Change the own password',
        tags: ['users'],
        body: ResetPasswordRequest,
        response: { 204: Type.Null(), ...errors },
      },
    },
    async (request, reply) => {
      await changePassword(deps, caller(request), request.body, requestContext(request));
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/sessions',
    {
      schema: {
        operationId: 'listMySessions',
        summary: 'List the own sessions',
        tags: ['users'],
        response: { 200: Type.Array(UserSession), ...errors },
      },
    },
    async (request) => {
      const { userId, sessionId } = caller(request);
      return getMySessions(deps, userId, sessionId);
    },
  );

  app.delete(
    '/sessions/:id',
    {
      config: { rateLimit: AUTH_RATE_LIMIT },
      schema: {
        operationId: 'endMySession',
        summary: 'End one of the own sessions',
        tags: ['users'],
        params: Type.Object({ id: Id }),
        response: { 204: Type.Null(), ...errors },
      },
    },
    async (request, reply) => {
      await endOwnSession(deps, caller(request).userId, request.params.id, requestContext(request));
      return reply.code(204).send(null);
    },
  );
};
