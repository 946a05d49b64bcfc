/*
 * AUTHENTICATION CONTRACT (every module builds on this; change it only together with them)
 *
 * - Every route is protected by default. An open route says so with the route option
 *   `config: { public: true }`. Also open without saying so: paths outside `/api/` (the web
 *   app), `/api/docs*` (OpenAPI), `/api/health` and `/api/ready`. The open routes of
 *   docs/decisions.md §4 are the auth module's: GET /api/auth/login, POST /api/auth/twofactor,
 *   GET /api/auth/twofactorreset, GET /api/auth/refresh, POST /api/auth/recoveryrequest,
 *   POST /api/auth/recovery/:token (each checks its own credential).
 * - For a protected route, this plugin reads `Authorization: Bearer <access token>` (or, only on
 *   routes with `config: { accessTokenInQuery: true }` such as the push hub, the `access_token`
 *   query parameter that SignalR requires), verifies it, and loads the caller from the database
 *   (or from a cache that the database's `access` version invalidates; identity/authenticator.ts):
 *   `request.principal: Principal | null` (identity/principal.ts, declared in identity/actor.ts)
 *     { userId, email, admin, audit, clinicIds, euteIds, language }
 *   with only ACTIVE clinics and eutes, and only while the user is active and the session live.
 *   `request.sessionId` is the caller's session. Without a valid token the answer is 401
 *   problem+json before the handler (and before body parsing) runs. On open routes both are null.
 *   `request.dataVersions` holds the database's data versions read before the handler runs (for
 *   answer caches, http/answer-cache.ts); null on open routes.
 * - A route with `config: { apiKey: true }` (POST /api/import/grafts and the FHIR reads) also takes
 *   `Authorization: ApiKey <key>`: this plugin lets such a request through with `principal` null,
 *   and the route checks the key itself (identity/api-keys.ts). Every other route
 *   answers such a request 401, as it has no bearer token.
 * - Likewise a route with `config: { systemToken: true }` (the FHIR reads) takes a system client's
 *   `Authorization: Bearer gms_…` and checks it itself (identity/system-tokens.ts); on every other
 *   route such a token is no session and answers 401.
 * - Authorization is not done here: services call the policy functions of
 *   identity/policy.ts (requireAdmin(principal, { write }), requirePhysician,
 *   requireEuteEmployee, clinicReadScope, euteReadScope), which throw 403.
 * - Anti-forgery (plugins/anti-forgery.ts) runs before this: a non-GET request without the
 *   `X-XSRF-TOKEN` header matching the `XSRF-TOKEN` cookie is refused with 403, open routes included.
 * - Answer replay (plugins/answer-replay.ts) runs before this and anti-forgery: it answers a
 *   repeated GET of a route answered from the answer cache only for a token that the same
 *   authenticator still knows at the current data versions, else the request comes here as usual.
 * - `listRegisteredRoutes(app)` lists every route with whether it is open, for the test that
 *   proves the protection of every route.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { unauthorized, type Detail } from '../http/problem';
import type { DataVersionReader, DataVersions } from '../db/data-versions';
import type { Authenticated, Authenticator } from '../identity/authenticator';
import { apiKeyOf, bearerOf } from '../http/credentials';
import { isSystemToken } from '../identity/system-tokens';
import '../http/request-context';
import '../identity/actor';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route needs no access token (it checks its own credential, or none is needed). */
    public?: boolean;
    /** The access token may come as `?access_token=` (SignalR's WebSocket transport cannot send headers). */
    accessTokenInQuery?: boolean;
    /** The route also takes a tissue bank's `Authorization: ApiKey` and checks it itself. */
    apiKey?: boolean;
    /** The route also takes a system client's access token and checks it itself. */
    systemToken?: boolean;
  }
}

const OPEN_API_PATHS = ['/api/health', '/api/ready'];
const OPEN_API_PREFIXES = ['/api/docs'];

export interface RegisteredRoute {
  method: string;
  url: string;
  open: boolean;
}

const routeLists = new WeakMap<FastifyInstance, RegisteredRoute[]>();

/** Whether a route (by its URL pattern and config) is open to anonymous callers. */
export function isOpenRoute(url: string | undefined, config: { public?: boolean } | undefined): boolean {
  if (url === undefined || config?.public === true || !url.startsWith('/api/')) {
    return true;
  }
  return (
    OPEN_API_PATHS.includes(url) || OPEN_API_PREFIXES.some((prefix) => url === prefix || url.startsWith(`${prefix}/`))
  );
}

function accessTokenOf(request: FastifyRequest): string | null {
  const bearer = bearerOf(request);
  if (bearer) {
    return bearer;
  }
  if (request.routeOptions.config.accessTokenInQuery) {
    const token = (request.query as Record<string, unknown> | undefined)?.access_token;
    return typeof token === 'string' && token !== '' ? token : null;
  }
  return null;
}

/** Registers the hook on the root instance, before any route, so it covers every route. */
export function registerAuthentication(
  app: FastifyInstance,
  deps: { authenticate: Authenticator; readVersions: DataVersionReader },
) {
  const routes: RegisteredRoute[] = [];
  routeLists.set(app, routes);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      routes.push({ method, url: route.url, open: isOpenRoute(route.url, route.config) });
    }
  });

  app.decorateRequest('principal', null);
  app.decorateRequest('sessionId', null);
  app.decorateRequest('dataVersions', null);
  const accept = (request: FastifyRequest, caller: Authenticated, versions: DataVersions) => {
    request.principal = caller.principal;
    request.sessionId = caller.sessionId;
    request.dataVersions = versions;
  };
  const refuse = (reply: FastifyReply, message: Detail) => {
    reply.header('WWW-Authenticate', 'Bearer realm="graftmatch"');
    return unauthorized(message);
  };
  const settle = async (request: FastifyRequest, reply: FastifyReply, token: string) => {
    const versions = await deps.readVersions();
    const caller = await deps.authenticate(token, versions);
    if (!caller) {
      throw refuse(reply, { key: 'problem.sessionInvalid' });
    }
    accept(request, caller, versions);
  };

  // A callback hook: the usual request (no commit since the last, a token seen before) is settled
  // without a promise; every other one waits for the database (docs/performance.md).
  app.addHook('onRequest', (request, reply, done) => {
    // Fastify builds `routeOptions` anew on every read.
    const { url, config } = request.routeOptions;
    if (
      isOpenRoute(url, config) ||
      (config.apiKey && apiKeyOf(request) !== null) ||
      (config.systemToken && isSystemToken(bearerOf(request)))
    ) {
      done();
      return;
    }
    const token = accessTokenOf(request);
    if (!token) {
      done(refuse(reply, { key: 'problem.authenticationRequired' }));
      return;
    }
    const versions = deps.readVersions.known();
    const caller = versions && deps.authenticate.known(token, versions);
    if (versions && caller) {
      accept(request, caller, versions);
      done();
      return;
    }
    settle(request, reply, token).then(() => done(), done);
  });
}

export function listRegisteredRoutes(app: FastifyInstance): RegisteredRoute[] {
  return [...(routeLists.get(app) ?? [])];
}
