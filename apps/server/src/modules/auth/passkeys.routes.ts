import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  AddPasskeyRequest,
  Passkey,
  PasskeyCreationStart,
  PasskeyLoginRequest,
  PasskeyLoginStart,
  RenamePasskeyRequest,
  SessionTokens,
  SignInSettings,
} from '@graftmatch/domain';
import { IdParams, problems, requestContext } from '../../http/request-kit';
import { actorOf } from '../../identity/actor';
import { AUTH_RATE_LIMIT } from '../../plugins/rate-limit';
import type { AuthDeps } from './auth.deps';
import { requireUser } from '../../identity/policy';
import { completePasskeyLogin, startPasskeyLogin } from './passkey-login.service';
import {
  addPasskey,
  listMyPasskeys,
  removeMyPasskey,
  renameMyPasskey,
  startPasskeyRegistration,
} from './passkeys.service';
import { setRefreshCookie } from './refresh-cookie';
import { getSignInSettings, setSignInSettings } from './signin-settings.service';

// Passkeys (docs/api.md "Passkeys"): a signed-in user's own under /api/users/passkeys, the sign-in
// with one under /api/auth/passkey, and the admins' sign-in rule under /api/admin/signin-settings.

const errors = problems(400, 401, 403, 404, 409, 429);
const limited = { rateLimit: AUTH_RATE_LIMIT };

/** The signed-in user's passkeys, under /api/users. */
export const myPasskeyRoutes: FastifyPluginAsyncTypebox<{ deps: AuthDeps }> = async (app, { deps }) => {
  app.post(
    '/passkeys/options',
    {
      config: limited,
      schema: {
        operationId: 'startPasskeyRegistration',
        summary: 'Start adding a passkey to the own account',
        tags: ['users'],
        response: { 200: PasskeyCreationStart, ...errors },
      },
    },
    async (request) => startPasskeyRegistration(deps, requireUser(request.principal).userId),
  );
  app.post(
    '/passkeys',
    {
      config: limited,
      schema: {
        operationId: 'addPasskey',
        summary: 'Add a passkey to the own account',
        tags: ['users'],
        body: AddPasskeyRequest,
        response: { 201: Passkey, ...errors },
      },
    },
    async (request, reply) => {
      const userId = requireUser(request.principal).userId;
      return reply.code(201).send(await addPasskey(deps, userId, request.body, requestContext(request)));
    },
  );
  app.get(
    '/passkeys',
    {
      schema: {
        operationId: 'listMyPasskeys',
        summary: 'List the own passkeys',
        tags: ['users'],
        response: { 200: Type.Array(Passkey), ...errors },
      },
    },
    async (request) => listMyPasskeys(deps, requireUser(request.principal).userId),
  );
  app.patch(
    '/passkeys/:id',
    {
      config: limited,
      schema: {
        operationId: 'renameMyPasskey',
        summary: 'Rename one of the own passkeys',
        tags: ['users'],
        params: IdParams,
        body: RenamePasskeyRequest,
        response: { 200: Passkey, ...errors },
      },
    },
    async (request) =>
      renameMyPasskey(
        deps,
        requireUser(request.principal).userId,
        request.params.id,
        request.body.name,
        requestContext(request),
      ),
  );
  app.delete(
    '/passkeys/:id',
    {
      config: limited,
      schema: {
        operationId: 'removeMyPasskey',
        summary: 'Remove one of the own passkeys',
        tags: ['users'],
        params: IdParams,
        response: { 204: Type.Null(), ...errors },
      },
    },
    async (request, reply) => {
      const userId = requireUser(request.principal).userId;
      await removeMyPasskey(deps, userId, request.params.id, requestContext(request));
      return reply.code(204).send(null);
    },
  );
};

// Open in the sense of docs/decisions.md §4: the passkey is the credential, checked by the route itself.
const open = { public: true, rateLimit: AUTH_RATE_LIMIT };

/** Signing in with a passkey, under /api/auth: no password, no PIN. */
export const passkeyLoginRoutes: FastifyPluginAsyncTypebox<{ deps: AuthDeps; secureCookies: boolean }> = async (
  app,
  { deps, secureCookies },
) => {
  app.post(
    '/passkey/options',
    {
      config: open,
      schema: {
        operationId: 'startPasskeyLogin',
        summary: 'Start a login with a passkey',
        tags: ['auth'],
        security: [],
        response: { 200: PasskeyLoginStart, ...errors },
      },
    },
    async () => startPasskeyLogin(deps),
  );
  app.post(
    '/passkey/login',
    {
      config: open,
      schema: {
        operationId: 'completePasskeyLogin',
        summary: 'Complete a login with a passkey',
        tags: ['auth'],
        security: [],
        body: PasskeyLoginRequest,
        response: { 200: SessionTokens, ...errors },
      },
    },
    async (request, reply) => {
      const result = await completePasskeyLogin(deps, request.body, requestContext(request));
      setRefreshCookie(reply, result.refresh_Token, result.sessionExpiresAt, deps.now(), secureCookies);
      return { access_Token: result.access_Token, refresh_Token: result.refresh_Token };
    },
  );
};

/** The app-wide sign-in rule, under /api/admin: admins set it, auditors read it. */
export const adminSignInSettingsRoutes: FastifyPluginAsyncTypebox<{ deps: AuthDeps }> = async (app, { deps }) => {
  app.get(
    '/signin-settings',
    {
      schema: {
        operationId: 'getSignInSettings',
        summary: 'Read the sign-in rule for all users',
        tags: ['admin'],
        response: { 200: SignInSettings, ...errors },
      },
    },
    async (request) => getSignInSettings(deps, actorOf(request)),
  );
  app.put(
    '/signin-settings',
    {
      schema: {
        operationId: 'setSignInSettings',
        summary: 'Set the sign-in rule for all users',
        tags: ['admin'],
        body: SignInSettings,
        response: { 200: SignInSettings, ...errors },
      },
    },
    async (request) => setSignInSettings(deps, actorOf(request), request.body),
  );
};
