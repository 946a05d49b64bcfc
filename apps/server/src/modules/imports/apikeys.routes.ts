import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  ApiKey as ApiKeySchema,
  CreateApiKeyRequest,
  CreateApiKeyResponse as CreateApiKeyResponseSchema,
  Id,
  type ApiKey,
  type CreateApiKeyResponse,
} from '@graftmatch/domain';
import { wire } from '../../http/wire';
import { IdParams, problems } from '../../http/request-kit';
import { actorOf } from '../../identity/actor';
import { createApiKey, listApiKeys, revokeApiKey, type ApiKeyDeps } from './apikeys.service';

const errors = problems(400, 401, 403, 404);
const ApiKeyListResponse = wire<ApiKey[]>(Type.Array(ApiKeySchema));
const CreatedResponse = wire<CreateApiKeyResponse>(CreateApiKeyResponseSchema);

/** A bank's API keys under /api/admin (docs/import.md "API keys"). */
export const adminApiKeyRoutes: FastifyPluginAsyncTypebox<{ deps: ApiKeyDeps }> = async (app, { deps }) => {
  app.get(
    '/eutes/:id/apikeys',
    {
      schema: {
        operationId: 'listApiKeys',
        summary: "List a tissue bank's import API keys",
        tags: ['admin'],
        params: IdParams,
        response: { 200: ApiKeyListResponse, ...errors },
      },
    },
    async (request) => listApiKeys(deps, request.principal, request.params.id),
  );

  app.post(
    '/eutes/:id/apikeys',
    {
      schema: {
        operationId: 'createApiKey',
        summary: 'Create an import API key for a tissue bank',
        tags: ['admin'],
        params: IdParams,
        body: CreateApiKeyRequest,
        response: { 201: CreatedResponse, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createApiKey(deps, actorOf(request), request.params.id, request.body)),
  );

  app.delete(
    '/eutes/:id/apikeys/:keyId',
    {
      schema: {
        operationId: 'revokeApiKey',
        summary: "Revoke one of a tissue bank's import API keys",
        tags: ['admin'],
        params: Type.Object({ id: Id, keyId: Id }),
        response: { 204: Type.Null(), ...errors },
      },
    },
    async (request, reply) => {
      await revokeApiKey(deps, actorOf(request), request.params.id, request.params.keyId);
      return reply.code(204).send(null);
    },
  );
};
