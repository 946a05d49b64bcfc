import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  CreateVigilanceReportRequest as CreateSchema,
  LiftQuarantineRequest,
  Lookback as LookbackSchema,
  ReleaseOrphanedQuarantinesRequest,
  ReleaseOrphanedQuarantinesResponse as ReleasedSchema,
  UpdateVigilanceReportRequest as UpdateSchema,
  VIGILANCE_PAGE_SIZE,
  VigilanceListQuery,
  VigilanceReport as ReportSchema,
  VigilanceReportPage as PageSchema,
  type CreateVigilanceReportRequest,
  type Lookback,
  type ReleaseOrphanedQuarantinesResponse,
  type UpdateVigilanceReportRequest,
  type VigilanceReport,
  type VigilanceReportPage,
  type VigilanceStep,
} from '@graftmatch/domain';
import { pageOf } from '../../http/paging';
import { IdParams, problems } from '../../http/request-kit';
import { actorOf } from '../../identity/actor';
import { wire } from '../../http/wire';
import { releaseOrphanedQuarantines } from './vigilance.repair';
import { createReport } from './vigilance.create';
import type { VigilanceDeps } from './vigilance.deps';
import { getReport, listReports } from './vigilance.read';
import { submitPart } from './vigilance.submit';
import { updateReport } from './vigilance.update';
import { liftQuarantine, lookback, quarantine } from './vigilance.quarantine';

const errors = problems(400, 401, 403, 404, 409);
const Report = wire<VigilanceReport>(ReportSchema);
const Reports = wire<VigilanceReportPage>(PageSchema);
const LookbackAnswer = wire<Lookback>(LookbackSchema);
const Released = wire<ReleaseOrphanedQuarantinesResponse>(ReleasedSchema);
const CreateBody = wire<CreateVigilanceReportRequest>(CreateSchema);
const UpdateBody = wire<UpdateVigilanceReportRequest>(UpdateSchema);
const tags = ['vigilance'];
// A POST with no body at all is an empty body, so the report's state decides rather than the validator.
const emptyBody = async (request: { body: unknown }) => {
  request.body ??= {};
};
const NoBody = Type.Object({}, { additionalProperties: false });
/** The two parts a report submits, each its own route, with its name in the OpenAPI document. */
const SUBMIT_STEPS: Record<VigilanceStep, { operationId: string; summary: string }> = {
  'submit-notification': {
    operationId: 'submitVigilanceNotification',
    summary: 'Submit part A, the rapid notification',
  },
  confirm: {
    operationId: 'confirmVigilanceReport',
    summary: "Submit part B, the confirmation with the investigation's conclusions",
  },
};

/** Vigilance reports under /api/vigilance (docs/api.md "Vigilance"). */
export const vigilanceRoutes: FastifyPluginAsyncTypebox<{ deps: VigilanceDeps }> = async (app, { deps }) => {
  app.post(
    '/reports',
    {
      schema: {
        operationId: 'createVigilanceReport',
        summary: 'Start a vigilance report (SAR or SAE) on a graft',
        tags,
        body: CreateBody,
        response: { 201: Report, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await createReport(deps, actorOf(request), request.body)),
  );
  app.get(
    '/reports',
    {
      schema: {
        operationId: 'listVigilanceReports',
        summary: 'List vigilance reports',
        tags,
        querystring: VigilanceListQuery,
        response: { 200: Reports, ...errors },
      },
    },
    async (request) => listReports(deps, request.principal, request.query, pageOf(request.query, VIGILANCE_PAGE_SIZE)),
  );
  app.get(
    '/reports/:id',
    {
      schema: {
        operationId: 'getVigilanceReport',
        summary: 'Read one vigilance report',
        tags,
        params: IdParams,
        response: { 200: Report, ...errors },
      },
    },
    async (request) => getReport(deps, request.principal, request.params.id),
  );
  app.patch(
    '/reports/:id',
    {
      schema: {
        operationId: 'updateVigilanceReport',
        summary: "Fill in a vigilance report's parts",
        tags,
        params: IdParams,
        body: UpdateBody,
        response: { 200: Report, ...errors },
      },
    },
    async (request) => updateReport(deps, actorOf(request), request.params.id, request.body),
  );
  for (const step of ['submit-notification', 'confirm'] as const) {
    app.post(
      `/reports/:id/${step}`,
      {
        schema: { ...SUBMIT_STEPS[step], tags, params: IdParams, body: NoBody, response: { 200: Report, ...errors } },
        preValidation: emptyBody,
      },
      async (request) => submitPart(deps, actorOf(request), request.params.id, step),
    );
  }
  app.post(
    '/reports/:id/quarantine',
    {
      schema: {
        operationId: 'quarantineDonation',
        summary: "Quarantine every graft of the reported graft's donation",
        tags,
        params: IdParams,
        body: NoBody,
        response: { 200: Report, ...errors },
      },
      preValidation: emptyBody,
    },
    async (request) => quarantine(deps, actorOf(request), request.params.id),
  );
  app.post(
    '/reports/:id/lift-quarantine',
    {
      schema: {
        operationId: 'liftQuarantine',
        summary: "Lift a report's quarantine",
        tags,
        params: IdParams,
        body: LiftQuarantineRequest,
        response: { 200: Report, ...errors },
      },
    },
    async (request) => liftQuarantine(deps, actorOf(request), request.params.id, request.body.reason),
  );
  app.post(
    '/quarantine/release-orphaned',
    {
      schema: {
        operationId: 'releaseOrphanedQuarantines',
        summary: 'Release grafts quarantined without a report',
        tags,
        body: ReleaseOrphanedQuarantinesRequest,
        response: { 200: Released, ...errors },
      },
    },
    async (request) => releaseOrphanedQuarantines(deps, actorOf(request), request.body.reason),
  );
  app.get(
    '/reports/:id/lookback',
    {
      schema: {
        operationId: 'getVigilanceLookback',
        summary: 'List every graft of the same donation and where it is',
        tags,
        params: IdParams,
        response: { 200: LookbackAnswer, ...errors },
      },
    },
    async (request) => lookback(deps, request.principal, request.params.id),
  );
};
