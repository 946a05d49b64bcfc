import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  ActiveListQuery,
  AddClinicRequest,
  AddEuteRequest,
  Clinic as ClinicSchema,
  Eute as EuteSchema,
  Id,
  PatchClinicRequest,
  PatchEuteRequest,
  SetLeadTimeRequest,
  type Clinic,
  type Eute,
} from '@graftmatch/domain';
import { pageOf, sendPaged } from '../../http/paging';
import { IdParams, problems } from '../../http/request-kit';
import { actorOf } from '../../identity/actor';
import { wire } from '../../http/wire';
import {
  addClinic,
  addEute,
  getClinic,
  getEute,
  listClinics,
  listEutes,
  patchClinic,
  patchEute,
  setClinicActive,
  setEuteActive,
  type OrganisationsDeps,
} from './organisations.service';
import { setLeadTime } from './organisations.leadtime';

const errors = problems(400, 401, 403, 404, 409);
const ClinicResponse = wire<Clinic>(ClinicSchema);
const EuteResponse = wire<Eute>(EuteSchema);
const LeadTimeAnswer = Type.Object({ id: Id, leadTimeDays: Type.Integer() });

/** Clinic and tissue-bank administration of spec §7, under /api/admin. */
export const adminOrganisationRoutes: FastifyPluginAsyncTypebox<{ deps: OrganisationsDeps }> = async (
  app,
  { deps },
) => {
  app.get(
    '/clinics',
    {
      schema: {
        operationId: 'listClinics',
        summary: 'List clinics',
        tags: ['admin'],
        querystring: ActiveListQuery,
        response: { 200: Type.Array(ClinicSchema), ...errors },
      },
    },
    async (request, reply) =>
      sendPaged(reply, await listClinics(deps, request.principal, request.query, pageOf(request.query))),
  );

  app.get(
    '/clinics/:id',
    {
      schema: {
        operationId: 'getClinic',
        summary: 'Read one clinic',
        tags: ['admin'],
        params: IdParams,
        response: { 200: ClinicResponse, ...errors },
      },
    },
    async (request) => getClinic(deps, request.principal, request.params.id),
  );

  app.post(
    '/clinics/add',
    {
      schema: {
        operationId: 'addClinic',
        summary: 'Add a clinic',
        tags: ['admin'],
        body: AddClinicRequest,
        response: { 201: ClinicResponse, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await addClinic(deps, actorOf(request), request.body)),
  );

  app.patch(
    '/clinics/:id',
    {
      schema: {
        operationId: 'patchClinic',
        summary: 'Change a clinic',
        tags: ['admin'],
        params: IdParams,
        body: PatchClinicRequest,
        response: { 200: ClinicResponse, ...errors },
      },
    },
    async (request) => patchClinic(deps, actorOf(request), request.params.id, request.body),
  );

  app.get(
    '/clinics/activate/:id',
    {
      schema: {
        operationId: 'activateClinic',
        summary: 'Activate a clinic',
        tags: ['admin'],
        params: IdParams,
        response: { 200: ClinicResponse, ...errors },
      },
    },
    async (request) => setClinicActive(deps, actorOf(request), request.params.id, true),
  );

  app.get(
    '/clinics/deactivate/:id',
    {
      schema: {
        operationId: 'deactivateClinic',
        summary: 'Deactivate a clinic',
        tags: ['admin'],
        params: IdParams,
        response: { 200: ClinicResponse, ...errors },
      },
    },
    async (request) => setClinicActive(deps, actorOf(request), request.params.id, false),
  );

  app.get(
    '/eutes',
    {
      schema: {
        operationId: 'listBanks',
        summary: 'List tissue banks',
        tags: ['admin'],
        querystring: ActiveListQuery,
        response: { 200: Type.Array(EuteSchema), ...errors },
      },
    },
    async (request, reply) =>
      sendPaged(reply, await listEutes(deps, request.principal, request.query, pageOf(request.query))),
  );

  app.post(
    '/eutes/add',
    {
      schema: {
        operationId: 'addBank',
        summary: 'Add a tissue bank',
        tags: ['admin'],
        body: AddEuteRequest,
        response: { 201: EuteResponse, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await addEute(deps, actorOf(request), request.body)),
  );

  app.get(
    '/eutes/:id',
    {
      schema: {
        operationId: 'getBank',
        summary: 'Read one tissue bank',
        tags: ['admin'],
        params: IdParams,
        response: { 200: EuteResponse, ...errors },
      },
    },
    async (request) => getEute(deps, request.principal, request.params.id),
  );

  app.get(
    '/eutes/activate/:id',
    {
      schema: {
        operationId: 'activateBank',
        summary: 'Activate a tissue bank',
        tags: ['admin'],
        params: IdParams,
        response: { 200: EuteResponse, ...errors },
      },
    },
    async (request) => setEuteActive(deps, actorOf(request), request.params.id, true),
  );

  app.get(
    '/eutes/deactivate/:id',
    {
      schema: {
        operationId: 'deactivateBank',
        summary: 'Deactivate a tissue bank',
        tags: ['admin'],
        params: IdParams,
        response: { 200: EuteResponse, ...errors },
      },
    },
    async (request) => setEuteActive(deps, actorOf(request), request.params.id, false),
  );

  app.patch(
    '/eutes/:id',
    {
      schema: {
        operationId: 'patchBank',
        summary: 'Change a tissue bank',
        tags: ['admin'],
        params: IdParams,
        body: PatchEuteRequest,
        response: { 200: EuteResponse, ...errors },
      },
    },
    async (request) => patchEute(deps, actorOf(request), request.params.id, request.body),
  );

  app.patch(
    '/eutes/:id/leadtime',
    {
      schema: {
        operationId: 'setBankLeadTime',
        summary: 'Set the days a tissue bank needs to deliver',
        tags: ['admin'],
        params: IdParams,
        body: SetLeadTimeRequest,
        response: { 200: LeadTimeAnswer, ...errors },
      },
    },
    async (request) => setLeadTime(deps, actorOf(request), request.params.id, request.body.days),
  );
};
