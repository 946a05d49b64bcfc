import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CorrectionRequest,
  GraftRequest as GraftRequestSchema,
  RequestHistory as RequestHistorySchema,
  type GraftRequest,
  type RequestHistory,
} from '@graftmatch/domain';
import { IdParams, problems } from '../../http/request-kit';
import { actorOf } from '../../identity/actor';
import { wire } from '../../http/wire';
import type { RequestsDeps } from './requests.service';
import { correctRequest, requestHistory } from './requests.corrections';

// Corrections and history of a request, for both sides and admins under /api/requests (docs/api.md, "Corrections").

const errors = problems(400, 401, 403, 404, 409);

export const requestCorrectionRoutes: FastifyPluginAsyncTypebox<{ deps: RequestsDeps }> = async (app, { deps }) => {
  app.post(
    '/:id/corrections',
    {
      schema: {
        operationId: 'correctRequest',
        summary: 'Correct a recorded step of a graft request',
        tags: ['requests'],
        params: IdParams,
        body: CorrectionRequest,
        response: { 200: wire<GraftRequest>(GraftRequestSchema), ...errors },
      },
    },
    async (request) => correctRequest(deps, actorOf(request), request.params.id, request.body),
  );
  app.get(
    '/:id/history',
    {
      schema: {
        operationId: 'getRequestHistory',
        summary: "Read a graft request's history",
        tags: ['requests'],
        params: IdParams,
        response: { 200: wire<RequestHistory>(RequestHistorySchema), ...errors },
      },
    },
    async (request) => requestHistory(deps, request.principal, request.params.id),
  );
};
