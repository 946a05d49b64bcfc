import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  FollowUp as FollowUpSchema,
  FollowUpListQuery,
  FollowUpPage as PageSchema,
  MarkFollowUpLostRequest,
  RecordFollowUpRequest as RecordSchema,
  RecordUnscheduledFollowUpRequest as UnscheduledSchema,
  type FollowUp,
  type FollowUpPage,
  type RecordFollowUpRequest,
  type RecordUnscheduledFollowUpRequest,
} from '@graftmatch/domain';
import { IdParams, problems } from '../../http/request-kit';
import { actorOf } from '../../identity/actor';
import { wire } from '../../http/wire';
import { markFollowUpLost } from './followups.lost';
import { recordFollowUp, recordUnscheduledFollowUp } from './followups.record';
import { listBankFollowUps, listClinicFollowUps, type FollowUpsDeps } from './followups.service';

const errors = problems(400, 401, 403, 404, 409);
const Answer = wire<FollowUp>(FollowUpSchema);
const Page = wire<FollowUpPage>(PageSchema);
const RecordBody = wire<RecordFollowUpRequest>(RecordSchema);
const UnscheduledBody = wire<RecordUnscheduledFollowUpRequest>(UnscheduledSchema);

/** The clinic's follow-ups under /api/physician (docs/api.md "Follow-ups"). */
export const physicianFollowUpRoutes: FastifyPluginAsyncTypebox<{ deps: FollowUpsDeps }> = async (app, { deps }) => {
  const tags = ['physician'];
  app.get(
    '/followups',
    {
      schema: {
        operationId: 'listClinicFollowUps',
        summary: "List the follow-ups of the own clinics' implantations",
        tags,
        querystring: FollowUpListQuery,
        response: { 200: Page, ...errors },
      },
    },
    async (request) => listClinicFollowUps(deps, request.principal, request.query),
  );
  app.put(
    '/followups/:id',
    {
      schema: {
        operationId: 'recordFollowUp',
        summary: 'Record a scheduled follow-up',
        tags,
        description: 'Records a scheduled follow-up: from 14 days before its due day (409 before), once (409 after).',
        params: IdParams,
        body: RecordBody,
        response: { 200: Answer, ...errors },
      },
    },
    async (request) => recordFollowUp(deps, actorOf(request), request.params.id, request.body),
  );
  app.post(
    '/followups/:id/lost',
    {
      schema: {
        operationId: 'markFollowUpLost',
        summary: 'Mark a follow-up as lost to follow-up',
        tags,
        params: IdParams,
        body: MarkFollowUpLostRequest,
        response: { 200: Answer, ...errors },
      },
    },
    async (request) => markFollowUpLost(deps, actorOf(request), request.params.id, request.body.reason),
  );
  app.post(
    '/followups',
    {
      schema: {
        operationId: 'recordUnscheduledFollowUp',
        summary: 'Record an unscheduled event of an implanted graft',
        tags,
        description: 'Records an unscheduled event (a death, a reintervention, an explant) of a graft implanted here.',
        body: UnscheduledBody,
        response: { 201: Answer, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await recordUnscheduledFollowUp(deps, actorOf(request), request.body)),
  );
};

/** The bank's reading of its grafts' follow-ups under /api/euteemployee. */
export const bankFollowUpRoutes: FastifyPluginAsyncTypebox<{ deps: FollowUpsDeps }> = async (app, { deps }) => {
  app.get(
    '/followups',
    {
      schema: {
        operationId: 'listBankFollowUps',
        summary: "List the follow-ups of the own banks' grafts",
        tags: ['euteemployee'],
        querystring: FollowUpListQuery,
        response: { 200: Page, ...errors },
      },
    },
    async (request) => listBankFollowUps(deps, request.principal, request.query),
  );
};
