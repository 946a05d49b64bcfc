import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { apiKeyOf, bearerOf } from '../../http/credentials';
import { isSystemToken } from '../../identity/system-tokens';
import { FHIR_CONTENT_TYPE } from './fhir.capability';
import { fhirCallerOf, type FhirAccess } from './fhir.caller';
import type { FhirResource as Resource } from './fhir.mapping';
import { writerOf, type FhirVersion } from './fhir.r4';
import { operationOutcome, type FhirDeps } from './fhir.service';

// What every FHIR base's routes share (docs/fhir.md): the answer's schemas, its writing in the
// route's version, the caller of a request, and every refusal as an OperationOutcome.

// Open to any member: the refusals pass through it as problem+json before they become an OperationOutcome.
export const FhirResource = Type.Unsafe<string>({
  type: 'object',
  additionalProperties: true,
  description: 'a FHIR resource of the base’s version (application/fhir+json)',
});
export const errors = { 400: FhirResource, 401: FhirResource, 403: FhirResource, 404: FhirResource };
export const FhirId = Type.String({ pattern: '^[A-Za-z0-9\\-.]{1,64}$' });
/** A search's paging parameters, as every search's next link writes them. */
export const Paging = {
  _count: Type.Optional(Type.Integer({ minimum: 0, maximum: 100, description: 'entries a page, 20 unless given' })),
  _offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000, description: 'from the next link' })),
};

/** A problem+json answer (from any plugin or handler) rewritten as an OperationOutcome. */
function asOperationOutcome(reply: FastifyReply, payload: unknown): unknown {
  const type = String(reply.getHeader('content-type') ?? '');
  if (!type.startsWith('application/problem+json') || typeof payload !== 'string') {
    return payload;
  }
  const problem = JSON.parse(payload) as { status?: number; detail?: string; title?: string };
  void reply.header('content-type', FHIR_CONTENT_TYPE);
  return JSON.stringify(operationOutcome(reply.statusCode, problem.detail ?? problem.title ?? 'Error'));
}

/** Every refusal of the plugin's routes, the app's own 401 and 404 included, answered as an OperationOutcome. */
export function answerWithOperationOutcomes(app: FastifyInstance) {
  app.addHook('onSend', async (_request, reply, payload) => asOperationOutcome(reply, payload));
}

/** Sends a resource of our R5 mapping written in the route's version. */
export function resourceSender(version: FhirVersion) {
  const write = writerOf(version);
  return (reply: FastifyReply, resource: Resource) =>
    reply.type(FHIR_CONTENT_TYPE).send(JSON.stringify(write(resource)));
}

/** The schema's name of a route, unique per version (`searchProcedureR4`), and its summary. */
export const namedIn = (version: FhirVersion) => (operationId: string, summary: string) => ({
  tags: ['fhir'],
  operationId: `${operationId}${version}`,
  summary: `${summary} (FHIR ${version})`,
});

/** The caller of a FHIR request, its route (method and path) named in the audit of a machine's call. */
export function fhirCallerOfRequest(deps: FhirDeps, request: FastifyRequest, access: FhirAccess) {
  const bearer = bearerOf(request);
  return fhirCallerOf(
    deps,
    {
      principal: request.principal,
      apiKey: apiKeyOf(request),
      systemToken: isSystemToken(bearer) ? bearer : null,
      ip: request.ip,
      route: `${request.method} ${request.routeOptions.url ?? ''}`,
    },
    access,
  );
}
