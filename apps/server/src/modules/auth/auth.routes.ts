import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  PinMailStatus,
  RecoverPasswordRequest,
  RecoveryRequest,
  SessionTokens,
  TwoFactorRequest,
  TwoFactorSchema,
} from '@graftmatch/domain';
import { unauthorized } from '../../http/problem';
import { problems, requestContext } from '../../http/request-kit';
import { AUTH_RATE_LIMIT } from '../../plugins/rate-limit';
import type { AuthDeps } from './auth.deps';
import { completeTwoFactor, loginWithPassword, pinMailStatus, resendPin } from './login.service';
import { recoverPassword, requestRecovery } from './password.service';
import { basicCredentialsOf, bearerOf } from '../../http/credentials';
import { REFRESH_COOKIE, setRefreshCookie } from './refresh-cookie';
import { refreshSession } from './session.service';

const errors = problems(400, 401, 403, 429, 503);
// Open in the sense of docs/decisions.md §4: each route checks its own credential instead of an access token.
const open = { public: true, rateLimit: AUTH_RATE_LIMIT };
const RecoveryToken = Type.Object({ token: Type.String({ pattern: '^[A-Za-z0-9_-]{20,128}$' }) });

/** The calls of spec §7 "Auth" under /api/auth (docs/decisions.md §7). */
export const authRoutes: FastifyPluginAsyncTypebox<{ deps: AuthDeps; secureCookies: boolean }> = async (
  app,
  { deps, secureCookies },
) => {
  app.get(
    '/login',
    {
      config: open,
      schema: {
        operationId: 'login',
        summary: 'Check the password and mail a PIN for the second factor',
        tags: ['auth'],
        security: [{ basic: [] }],
        response: { 200: TwoFactorSchema, ...errors },
      },
    },
    async (request) => {
      const credentials = basicCredentialsOf(request);
      if (!credentials) {
        throw unauthorized({ key: 'problem.auth.basicRequired' });
      }
      return loginWithPassword(deps, credentials, requestContext(request));
    },
  );

  app.post(
    '/twofactor',
    {
      config: open,
      schema: {
        operationId: 'completeTwoFactor',
        summary: 'Complete the login with the mailed PIN',
        tags: ['auth'],
        body: TwoFactorRequest,
        response: { 200: SessionTokens, ...errors },
      },
    },
    async (request, reply) => {
      const result = await completeTwoFactor(deps, bearerOf(request) ?? '', request.body, requestContext(request));
      setRefreshCookie(reply, result.refresh_Token, result.sessionExpiresAt, deps.now(), secureCookies);
      return { access_Token: result.access_Token, refresh_Token: result.refresh_Token };
    },
  );

  // Polled by the PIN screen, so it can say when the mail server did not take the PIN mail.
  app.get(
    '/twofactor/status',
    {
      config: open,
      schema: {
        operationId: 'getPinMailStatus',
        summary: 'Tell whether the PIN mail was handed to the mail server',
        tags: ['auth'],
        response: { 200: PinMailStatus, ...errors },
      },
    },
    async (request) => pinMailStatus(deps, bearerOf(request) ?? ''),
  );

  app.get(
    '/twofactorreset',
    {
      config: open,
      schema: {
        operationId: 'resendPin',
        summary: 'Mail a fresh PIN and void the previous one',
        tags: ['auth'],
        response: { 200: TwoFactorSchema, ...errors },
      },
    },
    async (request) => resendPin(deps, bearerOf(request) ?? ''),
  );

  app.get(
    '/refresh',
    {
      config: open,
      schema: {
        operationId: 'refreshSession',
        summary: 'Exchange the refresh token for new tokens',
        tags: ['auth'],
        response: { 200: SessionTokens, ...errors },
      },
    },
    async (request, reply) => {
      // Native clients send the token as bearer; the web client's is in the HttpOnly cookie.
      const token = bearerOf(request) ?? request.cookies[REFRESH_COOKIE] ?? '';
      const { tokens, expiresAt } = await refreshSession(deps, token, requestContext(request));
      setRefreshCookie(reply, tokens.refresh_Token, expiresAt, deps.now(), secureCookies);
      return tokens;
    },
  );

  app.post(
    '/recoveryrequest',
    {
      config: open,
      schema: {
        operationId: 'requestPasswordRecovery',
        summary: 'Mail a password recovery link',
        tags: ['auth'],
        security: [],
        body: RecoveryRequest,
        response: { 204: Type.Null(), ...errors },
      },
    },
    async (request, reply) => {
      await requestRecovery(deps, request.body.email, requestContext(request));
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/recovery/:token',
    {
      config: open,
      schema: {
        operationId: 'recoverPassword',
        summary: 'Set a new password with a recovery link',
        tags: ['auth'],
        security: [],
        params: RecoveryToken,
        body: RecoverPasswordRequest,
        response: { 204: Type.Null(), ...errors },
      },
    },
    async (request, reply) => {
      await recoverPassword(deps, request.params.token, request.body.password, requestContext(request));
      return reply.code(204).send(null);
    },
  );
};
