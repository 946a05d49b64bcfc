import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  Email,
  SessionTokens,
  SsoCompleteRequest,
  SsoConfig,
  SsoConfigInput,
  SsoDiscoverRequest,
  SsoDiscovery,
  SsoOrganisationParams,
} from '@graftmatch/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { languageOf, problems, requestContext } from '../../http/request-kit';
import { actorOf } from '../../identity/actor';
import { AUTH_RATE_LIMIT } from '../../plugins/rate-limit';
import { setRefreshCookie } from './refresh-cookie';
import { deleteSsoConfig, getSsoConfig, putSsoConfig } from './sso-admin.service';
import { finishSso } from './sso-callback.service';
import { completeSso } from './sso-complete.service';
import { discoverSso } from './sso-discovery.service';
import { browserTokenOf, SSO_BROWSER_COOKIE, SSO_STATE_MINUTES, startSso } from './sso-start.service';
import type { SsoDeps } from './sso.deps';

// Single sign-on with an organisation's OpenID Provider (docs/api.md "Single sign-on"): admins set
// it up under /api/admin/sso, the login screen uses it under /api/auth/sso.

const adminErrors = problems(400, 401, 403, 404, 409, 422);
const errors = problems(400, 401, 403, 429);
// Open in the sense of docs/decisions.md §4: each checks its own credential (a state, a hand-over) or needs none.
const open = { public: true, rateLimit: AUTH_RATE_LIMIT };
const Redirect = Type.Null({ description: 'A redirect: the `Location` header says where the browser goes.' });
/** Only the binding cookie's path: the sign-on's own routes. */
const BROWSER_COOKIE_PATH = '/api/auth/sso';

/** An organisation's sign-on, under /api/admin: admins set it up, auditors read it. */
export const adminSsoRoutes: FastifyPluginAsyncTypebox<{ deps: SsoDeps }> = async (app, { deps }) => {
  const path = '/sso/:organisationType/:organisationId';
  app.get(
    path,
    {
      schema: {
        operationId: 'getSsoConfig',
        summary: "Read an organisation's single sign-on setup",
        tags: ['admin'],
        params: SsoOrganisationParams,
        // null: the organisation has no sign-on.
        response: { 200: Type.Union([SsoConfig, Type.Null()]), ...adminErrors },
      },
    },
    async (request) => getSsoConfig(deps, request.principal, request.params),
  );
  app.put(
    path,
    {
      schema: {
        operationId: 'putSsoConfig',
        summary: "Set up an organisation's single sign-on",
        tags: ['admin'],
        params: SsoOrganisationParams,
        body: SsoConfigInput,
        response: { 200: SsoConfig, ...adminErrors },
      },
    },
    async (request) => putSsoConfig(deps, actorOf(request), request.params, request.body),
  );
  app.delete(
    path,
    {
      schema: {
        operationId: 'deleteSsoConfig',
        summary: "Remove an organisation's single sign-on",
        tags: ['admin'],
        params: SsoOrganisationParams,
        response: { 204: Type.Null(), ...adminErrors },
      },
    },
    async (request, reply) => {
      await deleteSsoConfig(deps, actorOf(request), request.params);
      return reply.code(204).send(null);
    },
  );
};

/** The browser's binding token: the sign-in's cookie, read on the way out and on the way back. */
const browserOf = (request: FastifyRequest) => browserTokenOf(request.cookies[SSO_BROWSER_COOKIE]);

function setBrowserCookie(reply: FastifyReply, token: string, secure: boolean) {
  // Lax, not Strict: the provider sends the browser back by a top-level navigation from its own site.
  reply.setCookie(SSO_BROWSER_COOKIE, token, {
    path: BROWSER_COOKIE_PATH,
    httpOnly: true,
    secure,
    sameSite: 'lax',
    maxAge: SSO_STATE_MINUTES * 60,
  });
}

/** Signing in with an organisation's provider, under /api/auth. */
export const ssoLoginRoutes: FastifyPluginAsyncTypebox<{ deps: SsoDeps; secureCookies: boolean }> = async (
  app,
  { deps, secureCookies },
) => {
  app.post(
    '/sso/discover',
    {
      config: open,
      schema: {
        operationId: 'discoverSso',
        summary: 'Tell whether an email address signs in with single sign-on',
        tags: ['auth'],
        security: [],
        body: SsoDiscoverRequest,
        response: { 200: SsoDiscovery, ...errors },
      },
    },
    async (request) => discoverSso(deps, request.body.email),
  );
  app.get(
    '/sso/start',
    {
      config: open,
      schema: {
        operationId: 'startSso',
        summary: "Send the browser to the organisation's sign-in provider",
        tags: ['auth'],
        security: [],
        querystring: Type.Object({ email: Email }),
        response: { 302: Redirect, ...errors },
      },
    },
    async (request, reply) => {
      const { location, browser } = await startSso(
        deps,
        request.query.email,
        browserOf(request),
        requestContext(request),
      );
      setBrowserCookie(reply, browser, secureCookies);
      return reply.redirect(location, 302);
    },
  );
  app.get(
    '/sso/callback',
    {
      config: open,
      schema: {
        operationId: 'finishSso',
        summary: 'Take the answer of the sign-in provider and return to the web app',
        tags: ['auth'],
        security: [],
        // As the provider sends them; openid-client reads the whole query (docs/api.md "Single sign-on").
        querystring: Type.Object({
          code: Type.Optional(Type.String({ maxLength: 4096 })),
          state: Type.Optional(Type.String({ maxLength: 512 })),
          iss: Type.Optional(Type.String({ maxLength: 2048 })),
          error: Type.Optional(Type.String({ maxLength: 256 })),
          error_description: Type.Optional(Type.String({ maxLength: 2048 })),
        }),
        response: { 302: Redirect, ...errors },
      },
    },
    async (request, reply) => {
      const at = request.url.indexOf('?');
      const location = await finishSso(deps, {
        search: at === -1 ? '' : request.url.slice(at),
        browser: browserOf(request),
        language: languageOf(request),
        ctx: requestContext(request),
      });
      return reply.redirect(location, 302);
    },
  );
  app.post(
    '/sso/complete',
    {
      config: open,
      schema: {
        operationId: 'completeSso',
        summary: 'Complete a single sign-on login with its hand-over',
        tags: ['auth'],
        security: [],
        body: SsoCompleteRequest,
        response: { 200: SessionTokens, ...errors },
      },
    },
    async (request, reply) => {
      const result = await completeSso(
        deps,
        { handover: request.body.handover, browser: browserOf(request) },
        requestContext(request),
      );
      setRefreshCookie(reply, result.refresh_Token, result.sessionExpiresAt, deps.now(), secureCookies);
      return { access_Token: result.access_Token, refresh_Token: result.refresh_Token };
    },
  );
};
