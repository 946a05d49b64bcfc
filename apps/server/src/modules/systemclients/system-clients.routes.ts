import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  SsoOrganisationParams,
  SystemAccessToken,
  SystemClient,
  SystemClientInput as SystemClientInputSchema,
  SystemClientParams,
  type SystemClientInput,
  SYSTEM_SCOPE_RESOURCES,
} from '@graftmatch/domain';
import type { FastifyReply } from 'fastify';
import { problems } from '../../http/request-kit';
import { wire } from '../../http/wire';
import { actorOf } from '../../identity/actor';
import { AUTH_RATE_LIMIT } from '../../plugins/rate-limit';
import { tokenEndpointOf, type SystemClientsDeps } from './system-clients.deps';
import { listSystemClients } from './system-clients.list';
import { registerSystemClient } from './system-clients.register';
import { revokeSystemClient } from './system-clients.revoke';
import { ASSERTION_ALGORITHMS, CLIENT_CREDENTIALS, issueSystemToken } from './system-clients.token';

// Systems that read FHIR without a person (docs/fhir.md "System clients"): admins register them
// under /api/admin/system-clients; they sign their token requests at /api/fhir/token and find how in
// the SMART configuration beside each FHIR base.

const adminErrors = problems(400, 401, 403, 404);
const SystemClientBody = wire<SystemClientInput>(SystemClientInputSchema);

/** A client's systems, under /api/admin: admins register and revoke, auditors read. */
export const adminSystemClientRoutes: FastifyPluginAsyncTypebox<{ deps: SystemClientsDeps }> = async (
  app,
  { deps },
) => {
  const path = '/system-clients/:organisationType/:organisationId';
  app.get(
    path,
    {
      schema: {
        tags: ['admin'],
        operationId: 'listSystemClients',
        summary: 'List the system clients (SMART Backend Services) of a clinic or tissue bank',
        params: SsoOrganisationParams,
        response: { 200: Type.Array(SystemClient), ...adminErrors },
      },
    },
    async (request) => listSystemClients(deps, request.principal, request.params),
  );
  app.post(
    path,
    {
      schema: {
        tags: ['admin'],
        operationId: 'registerSystemClient',
        summary: 'Register a system client with its public keys and the scopes it may be granted',
        params: SsoOrganisationParams,
        body: SystemClientBody,
        response: { 201: SystemClient, ...adminErrors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await registerSystemClient(deps, actorOf(request), request.params, request.body)),
  );
  app.post(
    `${path}/:clientId/revoke`,
    {
      schema: {
        tags: ['admin'],
        operationId: 'revokeSystemClient',
        summary: 'Revoke a system client: no new tokens, and its live tokens stop working',
        params: SystemClientParams,
        response: { 200: SystemClient, ...adminErrors },
      },
    },
    async (request) => revokeSystemClient(deps, actorOf(request), request.params),
  );
};

const TokenForm = Type.Object(
  {
    grant_type: Type.Optional(Type.String({ maxLength: 100, description: 'client_credentials' })),
    scope: Type.Optional(Type.String({ maxLength: 2000, description: 'system scopes, separated by spaces' })),
    client_assertion_type: Type.Optional(Type.String({ maxLength: 200 })),
    client_assertion: Type.Optional(
      Type.String({ maxLength: 16_000, description: "a JWT signed with the client's private key" }),
    ),
  },
  // OAuth lets a client send more (client_id): it is not used.
  { additionalProperties: true },
);
// Optional here: the problem is written first and becomes OAuth's error on its way out (asOAuthError).
const OAuthError = Type.Object(
  { error: Type.Optional(Type.String()), error_description: Type.Optional(Type.String()) },
  { additionalProperties: true, description: 'RFC 6749 §5.2, with the problem+json members beside' },
);

/** A problem+json refusal, as OAuth's error answer (RFC 6749 §5.2): `error` and `error_description` first. */
function asOAuthError(reply: FastifyReply, payload: unknown): unknown {
  if (!String(reply.getHeader('content-type') ?? '').startsWith('application/problem+json')) {
    return payload;
  }
  const problem = JSON.parse(String(payload)) as { error?: string; detail?: string; title?: string };
  void reply.type('application/json; charset=utf-8');
  const error = problem.error ?? (reply.statusCode === 429 ? 'slow_down' : 'invalid_request');
  return JSON.stringify({ error, error_description: problem.detail ?? problem.title, ...problem });
}

/** `POST /api/fhir/token`: SMART Backend Services' token endpoint, for R5 and R4 alike. */
export const systemTokenRoutes: FastifyPluginAsyncTypebox<{ deps: SystemClientsDeps }> = async (app, { deps }) => {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
  app.addHook('onSend', async (_request, reply, payload) => asOAuthError(reply, payload));
  app.post(
    '/token',
    {
      // Open: the signed assertion in the body is the credential, and nothing ambient is used.
      config: { public: true, credentialInBody: true, rateLimit: AUTH_RATE_LIMIT },
      schema: {
        tags: ['fhir'],
        operationId: 'issueSystemAccessToken',
        summary: 'Issue an access token to a system client that signed its request (SMART Backend Services)',
        consumes: ['application/x-www-form-urlencoded'],
        body: TokenForm,
        response: { 200: SystemAccessToken, 400: OAuthError, 401: OAuthError, 429: OAuthError },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
      return issueSystemToken(deps, request.body, request.ip);
    },
  );
};

/** What a client needs to find the token endpoint: SMART's configuration beside a FHIR base. */
export function smartConfiguration(publicUrl: string) {
  return {
    token_endpoint: tokenEndpointOf(publicUrl),
    token_endpoint_auth_methods_supported: ['private_key_jwt'],
    token_endpoint_auth_signing_alg_values_supported: ASSERTION_ALGORITHMS,
    grant_types_supported: [CLIENT_CREDENTIALS],
    scopes_supported: SYSTEM_SCOPE_RESOURCES.map((resource) => `system/${resource}.rs`),
    capabilities: ['client-confidential-asymmetric', 'permission-v2'],
  };
}

const SmartConfiguration = Type.Object(
  {
    token_endpoint: Type.String(),
    token_endpoint_auth_methods_supported: Type.Array(Type.String()),
    token_endpoint_auth_signing_alg_values_supported: Type.Array(Type.String()),
    grant_types_supported: Type.Array(Type.String()),
    scopes_supported: Type.Array(Type.String()),
    capabilities: Type.Array(Type.String()),
  },
  { description: 'SMART App Launch 2 configuration (Backend Services only)' },
);

/** `GET <FHIR base>/.well-known/smart-configuration`, open to anyone. */
export const smartConfigurationRoutes: FastifyPluginAsyncTypebox<{
  deps: SystemClientsDeps;
  /** The FHIR base it sits beside (R5 unless given): its operationId names it. */
  version?: 'R5' | 'R4';
}> = async (app, { deps, version = 'R5' }) => {
  const configuration = smartConfiguration(deps.publicUrl);
  app.get(
    '/.well-known/smart-configuration',
    {
      config: { public: true },
      schema: {
        tags: ['fhir'],
        operationId: `getSmartConfiguration${version}`,
        summary: 'How system clients get a token for this FHIR base (SMART configuration)',
        response: { 200: SmartConfiguration },
      },
    },
    async () => configuration,
  );
};
