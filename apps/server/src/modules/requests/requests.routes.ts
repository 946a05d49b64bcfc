import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  CreateGraftRequestRequest as CreateBodySchema,
  GraftRequest as GraftRequestSchema,
  Lot,
  ReceiveGraftRequestRequest,
  RequestInbox as RequestInboxSchema,
  type CreateGraftRequestRequest,
  type GraftRequest as GraftRequestWire,
  type RequestInbox,
  type RequestSide,
  type RequestStepAction,
  requestStepRoutes,
} from '@graftmatch/domain';
import { IdParams, languageOf, problems } from '../../http/request-kit';
import { actorOf } from '../../identity/actor';
import { wire } from '../../http/wire';
import { bankInbox } from './requests.inbox';
import { receiveGraft } from './requests.receipt';
import {
  createRequest,
  listPhysicianRequests,
  listRequestedLots,
  takeStep,
  type RequestsDeps,
} from './requests.service';

const errors = problems(400, 401, 403, 404, 409);
const GraftRequest = wire<GraftRequestWire>(GraftRequestSchema);
const GraftRequests = wire<GraftRequestWire[]>(Type.Array(GraftRequestSchema));
const Inbox = wire<RequestInbox>(RequestInboxSchema);
const CreateBody = wire<CreateGraftRequestRequest>(CreateBodySchema);

/** What each step does, as the OpenAPI document's summary of its route. */
const STEP_SUMMARIES: Record<RequestStepAction, string> = {
  confirm: 'Confirm a reserved graft for the patient',
  withdraw: 'Withdraw a graft request',
  implant: 'Record the implantation of a delivered graft',
  return: 'Return a delivered graft unused, with the reason',
  reserve: 'Reserve the requested graft until a deadline',
  decline: 'Decline a graft request',
  assign: 'Assign the graft to the requesting clinic',
  deliver: 'Record the delivery of an assigned graft',
};

/** The step's operationId, unique across both sides: `physicianConfirmRequest`, `bankReserveRequest`. */
const stepOperationId = (side: RequestSide, action: RequestStepAction) =>
  `${side}${action.charAt(0).toUpperCase()}${action.slice(1)}Request`;

/** `POST /{id}/{action}` for each of one side's steps, each with its body schema from the domain's step map. */
function stepRoutes(side: RequestSide): FastifyPluginAsyncTypebox<{ deps: RequestsDeps }> {
  return async (app, { deps }) => {
    for (const { action, body } of requestStepRoutes(side)) {
      app.post(
        `/requests/:id/${action}`,
        {
          schema: {
            operationId: stepOperationId(side, action),
            summary: STEP_SUMMARIES[action],
            tags: [side === 'physician' ? 'physician' : 'euteemployee'],
            params: IdParams,
            body,
            response: { 200: GraftRequest, ...errors },
          },
          // A POST with no body at all (`curl -X POST`) is an empty body, so the request's state decides
          // rather than the validator's "body must be object".
          preValidation: async (request) => {
            request.body ??= {};
          },
        },
        async (request) => takeStep(deps, actorOf(request), request.params.id, side, action, request.body),
      );
    }
  };
}

/** The physician's side under /api/physician (docs/api.md "Graft requests"). */
export const physicianRequestRoutes: FastifyPluginAsyncTypebox<{ deps: RequestsDeps }> = async (app, { deps }) => {
  app.post(
    '/requests',
    {
      schema: {
        operationId: 'createGraftRequest',
        summary: 'Request a free graft for a patient',
        tags: ['physician'],
        body: CreateBody,
        response: { 201: GraftRequest, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await createRequest(deps, actorOf(request), request.body)),
  );
  app.get(
    '/requests',
    {
      schema: {
        operationId: 'listPhysicianRequests',
        summary: 'List the own graft requests, newest first',
        tags: ['physician'],
        response: { 200: GraftRequests, ...errors },
      },
    },
    async (request) => listPhysicianRequests(deps, request.principal),
  );
  app.get(
    '/requests/lots',
    {
      schema: {
        operationId: 'listRequestedLots',
        summary: 'List the lots of free grafts that someone has requested',
        tags: ['physician'],
        response: { 200: Type.Array(Lot), ...errors },
      },
    },
    async (request) => listRequestedLots(deps, request.principal),
  );
  app.post(
    '/requests/:id/receive',
    {
      schema: {
        operationId: 'receiveGraft',
        summary: 'Check a delivered package against its request',
        tags: ['physician'],
        description:
          'The delivered package is checked at the clinic: its code (SEC, ISBT 128 &,4 + SEC, or the lot of a graft without SEC) must be the graft of the request; a mismatch is 409 naming both codes.',
        params: IdParams,
        body: ReceiveGraftRequestRequest,
        response: { 200: GraftRequest, ...errors },
      },
    },
    async (request) => receiveGraft(deps, actorOf(request), request.params.id, request.body.sec),
  );
  await app.register(stepRoutes('physician'), { deps });
};

/** The tissue bank's side under /api/euteemployee. */
export const bankRequestRoutes: FastifyPluginAsyncTypebox<{ deps: RequestsDeps }> = async (app, { deps }) => {
  app.get(
    '/requests',
    {
      schema: {
        operationId: 'getBankInbox',
        summary: "Read the inbox of the own banks' graft requests",
        tags: ['euteemployee'],
        response: { 200: Inbox, ...errors },
      },
    },
    async (request) => bankInbox(deps, request.principal, languageOf(request)),
  );
  await app.register(stepRoutes('bank'), { deps });
};
