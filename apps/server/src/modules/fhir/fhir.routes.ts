import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type TSchema } from '@sinclair/typebox';
import type { SystemScopeResource } from '@graftmatch/domain';
import type { FastifyRequest } from 'fastify';
import { notFound } from '../../http/problem';
import { FHIR_CONTENT_TYPE } from './fhir.capability';
import {
  metadata,
  readAdverseEvent,
  readProduct,
  searchDispenses,
  searchParameter,
  searchProcedures,
  searchProducts,
  type FhirDeps,
} from './fhir.service';
import type { FhirAccess, FhirCaller } from './fhir.caller';
import type { FhirResource as Resource } from './fhir.mapping';
import { exportBank } from './fhir.export';
import { readObservation, searchObservations } from './fhir.follow-ups';
import {
  answerWithOperationOutcomes,
  errors,
  fhirCallerOfRequest,
  FhirId,
  FhirResource,
  namedIn,
  Paging,
  resourceSender,
} from './fhir.http';
import { typeIn, type FhirVersion } from './fhir.r4';

// The read-only FHIR API, registered twice: R5 under /api/fhir/R5 and R4 under /api/fhir/R4 (docs/fhir.md).
// The service builds R5 resources; each answer is written in the route's version (fhir.r4.ts). Every
// answer is application/fhir+json; every refusal, the app's own 401 and 404 included, an OperationOutcome.

const token = (description: string) => Type.Optional(Type.String({ maxLength: 1024, description }));
// The schemas document the parameters; the service reads the raw query, since a parameter it does
// not know must be refused (handling=strict), not dropped, and some may repeat.
const ProductQuery = Type.Object({
  identifier: token('a lot or the Single European Code, [system|]value'),
  'product-code': token('a graft type code'),
  'product-status': token('available | unavailable'),
  'biological-source-event': token('the donation identification sequence'),
  'expiration-date': Type.Optional(
    Type.Union([Type.String({ maxLength: 12 }), Type.Array(Type.String({ maxLength: 12 }), { maxItems: 4 })], {
      description: 'yyyy-mm-dd with eq, gt, lt, ge or le; may repeat',
    }),
  ),
  ...Paging,
});
const dispenseQuery = (version: FhirVersion) =>
  Type.Object({
    // R4 carries a hand-over as a Basic, whose subject is the product.
    [version === 'R4' ? 'subject' : 'product']: token('BiologicallyDerivedProduct/<id>'),
    status: token('allocated | issued | unfulfilled | returned'),
    ...Paging,
  });
const ProcedureQuery = Type.Object({ status: token('completed'), ...Paging });
const ObservationQuery = Type.Object({
  focus: token('BiologicallyDerivedProduct/<id>'),
  status: token('final | cancelled'),
  date: Type.Optional(
    Type.Union([Type.String({ maxLength: 12 }), Type.Array(Type.String({ maxLength: 12 }), { maxItems: 4 })], {
      description: 'the follow-up day, yyyy-mm-dd with eq, gt, lt, ge or le; may repeat',
    }),
  ),
  ...Paging,
});
const ExportQuery = Type.Object({
  bank: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'EUTE number or id' })),
});

const ById = Type.Object({ id: FhirId });
const read = (resource: SystemScopeResource): FhirAccess => ({ resource, interaction: 'read' });
const search = (resource: SystemScopeResource): FhirAccess => ({ resource, interaction: 'search' });

const rawQuery = (request: FastifyRequest) => new URL(request.url, 'http://fhir.invalid').searchParams;

export const fhirRoutes: FastifyPluginAsyncTypebox<{ deps: Omit<FhirDeps, 'version'>; version: FhirVersion }> = async (
  app,
  options,
) => {
  const { version } = options;
  const deps: FhirDeps = { ...options.deps, version };
  const sendResource = resourceSender(version);
  const named = namedIn(version);
  const dispenses = typeIn(version, 'BiologicallyDerivedProductDispense');
  answerWithOperationOutcomes(app);
  app.setNotFoundHandler(() => {
    throw notFound({ key: 'problem.fhir.unknownInteraction' });
  });
  const callerOf = (request: FastifyRequest, access: FhirAccess) => fhirCallerOfRequest(deps, request, access);
  // Besides people: a bank's API key, and a system client's token (checked by callerOf).
  const readable = { config: { apiKey: true, systemToken: true } };

  app.get(
    '/metadata',
    {
      config: { public: true },
      schema: {
        ...named('getCapabilityStatement', 'The CapabilityStatement: what this FHIR base supports'),
        response: { 200: FhirResource },
      },
    },
    async (_request, reply) => sendResource(reply, metadata(deps)),
  );

  app.get(
    '/SearchParameter/:id',
    {
      ...readable,
      schema: {
        ...named('getSearchParameter', 'Read one of our own search parameters'),
        params: ById,
        response: { 200: FhirResource, ...errors },
      },
    },
    async (request, reply) => {
      await callerOf(request, null);
      return sendResource(reply, searchParameter(request.params.id, version));
    },
  );

  // A search answers a Bundle of what the caller may see; a read one resource, or 404.
  const searchRoute = (
    path: string,
    resource: SystemScopeResource,
    docs: [operationId: string, summary: string],
    querystring: TSchema,
    run: (deps: FhirDeps, caller: FhirCaller, params: URLSearchParams) => Promise<Resource>,
  ) =>
    app.get(
      path,
      { ...readable, schema: { ...named(...docs), querystring, response: { 200: FhirResource, ...errors } } },
      async (request, reply) =>
        sendResource(reply, await run(deps, await callerOf(request, search(resource)), rawQuery(request))),
    );
  const readRoute = (
    resource: SystemScopeResource,
    docs: [operationId: string, summary: string],
    run: (deps: FhirDeps, caller: FhirCaller, id: string) => Promise<Resource>,
  ) =>
    app.get(
      `/${resource}/:id`,
      { ...readable, schema: { ...named(...docs), params: ById, response: { 200: FhirResource, ...errors } } },
      async (request, reply) =>
        sendResource(reply, await run(deps, await callerOf(request, read(resource)), request.params.id)),
    );

  searchRoute(
    '/BiologicallyDerivedProduct',
    'BiologicallyDerivedProduct',
    ['searchBiologicallyDerivedProduct', 'Search grafts (BiologicallyDerivedProduct)'],
    ProductQuery,
    searchProducts,
  );
  readRoute(
    'BiologicallyDerivedProduct',
    ['readBiologicallyDerivedProduct', 'Read one graft (BiologicallyDerivedProduct)'],
    readProduct,
  );
  readRoute('AdverseEvent', ['readAdverseEvent', 'Read one vigilance report (AdverseEvent)'], readAdverseEvent);
  searchRoute(
    `/${dispenses}`,
    'BiologicallyDerivedProductDispense',
    ['searchDispense', 'Search hand-overs (R5 BiologicallyDerivedProductDispense; R4 Basic)'],
    dispenseQuery(version),
    searchDispenses,
  );
  searchRoute(
    '/Procedure',
    'Procedure',
    ['searchProcedure', 'Search implantations (Procedure)'],
    ProcedureQuery,
    searchProcedures,
  );
  searchRoute(
    '/Observation',
    'Observation',
    ['searchObservation', 'Search follow-ups (Observation)'],
    ObservationQuery,
    searchObservations,
  );
  readRoute('Observation', ['readObservation', 'Read one follow-up (Observation)'], readObservation);

  app.get(
    '/$export',
    {
      ...readable,
      schema: {
        ...named('exportBank', 'Export a tissue bank as a collection Bundle ($export)'),
        querystring: ExportQuery,
        response: { 200: FhirResource, ...errors },
      },
    },
    async (request, reply) => {
      const stream = await exportBank(deps, await callerOf(request, null), rawQuery(request));
      // The stream writes each resource in the route's version (fhir.export.ts).
      return reply.type(FHIR_CONTENT_TYPE).send(stream);
    },
  );
};
