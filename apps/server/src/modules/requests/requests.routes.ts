import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type TSchema } from '@sinclair/typebox';
import {
  CreateGraftRequestRequest as CreateBodySchema,
  GraftRequest as GraftRequestSchema,
  Id,
  ImplantGraftRequestRequest,
  Lot,
  OptionalReasonRequest,
  ReasonGraftRequestRequest,
  ReceiveGraftRequestRequest,
  RequestInbox as RequestInboxSchema,
  ReserveGraftRequestRequest,
  SetLeadTimeRequest,
  type CreateGraftRequestRequest,
  type GraftRequest as GraftRequestWire,
  type RequestAction,
  type RequestInbox,
} from '@graftmatch/domain';
import { IdParams, actorOf, problems } from '../../http/request-kit';
import { wire } from '../../http/wire';
import { bankInbox } from './requests.inbox';
import { setLeadTime } from './requests.leadtime';
import { receiveGraft } from './requests.receipt';
import {
  createRequest,
  listPhysicianRequests,
  listRequestedLots,
  takeStep,
  type RequestsDeps,
} from './requests.service';
import type { StepInput } from './requests.steps';

const errors = problems(400, 401, 403, 404, 409);
const GraftRequest = wire<GraftRequestWire>(GraftRequestSchema);
const GraftRequests = wire<GraftRequestWire[]>(Type.Array(GraftRequestSchema));
const Inbox = wire<RequestInbox>(RequestInboxSchema);
const CreateBody = wire<CreateGraftRequestRequest>(CreateBodySchema);
const NoBody = Type.Optional(Type.Object({}, { additionalProperties: false }));

type Side = 'physician' | 'bank';
type StepRoute = [action: RequestAction, body: TSchema];

/** `POST /{id}/{action}` for each of one side's steps, each with its own body schema. */
function stepRoutes(side: Side, steps: readonly StepRoute[]): FastifyPluginAsyncTypebox<{ deps: RequestsDeps }> {
  return async (app, { deps }) => {
    for (const [action, body] of steps) {
      app.post(
        `/requests/:id/${action}`,
        {
          schema: {
            tags: [side === 'physician' ? 'physician' : 'euteemployee'],
            params: IdParams,
            body,
            response: { 200: GraftRequest, ...errors },
          },
        },
        async (request) =>
          takeStep(deps, actorOf(request), request.params.id, side, action, (request.body ?? {}) as StepInput),
      );
    }
  };
}

/** The physician's side under /api/physician (docs/api.md "Graft requests"). */
export const physicianRequestRoutes: FastifyPluginAsyncTypebox<{ deps: RequestsDeps }> = async (app, { deps }) => {
  app.post(
    '/requests',
    { schema: { tags: ['physician'], body: CreateBody, response: { 201: GraftRequest, ...errors } } },
    async (request, reply) => reply.code(201).send(await createRequest(deps, actorOf(request), request.body)),
  );
  app.get(
    '/requests',
    { schema: { tags: ['physician'], response: { 200: GraftRequests, ...errors } } },
    async (request) => listPhysicianRequests(deps, request.principal),
  );
  app.get(
    '/requests/lots',
    { schema: { tags: ['physician'], response: { 200: Type.Array(Lot), ...errors } } },
    async (request) => listRequestedLots(deps, request.principal),
  );
  app.post(
    '/requests/:id/receive',
    {
      schema: {
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
  await app.register(
    stepRoutes('physician', [
      ['confirm', NoBody],
      ['withdraw', NoBody],
      ['implant', ImplantGraftRequestRequest],
      ['return', ReasonGraftRequestRequest],
    ]),
    { deps },
  );
};

/** The tissue bank's side under /api/euteemployee. */
export const bankRequestRoutes: FastifyPluginAsyncTypebox<{ deps: RequestsDeps }> = async (app, { deps }) => {
  app.get('/requests', { schema: { tags: ['euteemployee'], response: { 200: Inbox, ...errors } } }, async (request) =>
    bankInbox(deps, request.principal),
  );
  await app.register(
    stepRoutes('bank', [
      ['reserve', Type.Optional(ReserveGraftRequestRequest)],
      ['decline', Type.Optional(OptionalReasonRequest)],
      ['assign', NoBody],
      ['deliver', NoBody],
    ]),
    { deps },
  );
};

const LeadTimeAnswer = Type.Object({ id: Id, leadTimeDays: Type.Integer() });

/** An admin sets a bank's lead time, under /api/admin. */
export const adminLeadTimeRoutes: FastifyPluginAsyncTypebox<{ deps: RequestsDeps }> = async (app, { deps }) => {
  app.patch(
    '/eutes/:id/leadtime',
    {
      schema: {
        tags: ['admin'],
        params: IdParams,
        body: SetLeadTimeRequest,
        response: { 200: LeadTimeAnswer, ...errors },
      },
    },
    async (request) => setLeadTime(deps, actorOf(request), request.params.id, request.body.days),
  );
};
