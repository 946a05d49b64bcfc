import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyReply } from 'fastify';
import { notFound } from '../../http/problem';
import { FHIR_CONTENT_TYPE } from '../fhir/fhir.capability';
import {
  answerWithOperationOutcomes,
  errors,
  fhirCallerOfRequest,
  FhirId,
  FhirResource,
  namedIn,
  Paging,
} from '../fhir/fhir.http';
import type { FhirResource as Resource } from '../fhir/fhir.mapping';
import type { FhirVersion } from '../fhir/fhir.r4';
import type { FhirDeps } from '../fhir/fhir.service';
import { createSubscription } from './subscriptions.create';
import { endSubscription } from './subscriptions.end';
import { writeSubscriptionAnswer } from './subscriptions.r4';
import { readSubscription, searchSubscriptions, subscriptionStatusOf, topics } from './subscriptions.read';

// Subscriptions on each FHIR base (docs/fhir.md "Subscriptions"): a system client makes, reads,
// lists and ends its own, and asks for one's $status; R5 also serves the topics. R4 clients speak
// the Subscriptions Backport (subscriptions.r4.ts). Refusals are OperationOutcomes, as on every FHIR route.

// The schema asks for a resource; the service reads it, each version its own way, and words what is
// wrong. Without `properties`: the validator strips every member a schema names not.
const SubscriptionBody = Type.Unsafe<unknown>({
  type: 'object',
  required: ['resourceType'],
  maxProperties: 40,
  description: 'a Subscription of the base’s version (R4: the Subscriptions Backport)',
});

export const fhirSubscriptionRoutes: FastifyPluginAsyncTypebox<{
  deps: Omit<FhirDeps, 'version'>;
  version: FhirVersion;
}> = async (app, options) => {
  const { version } = options;
  const deps: FhirDeps = { ...options.deps, version };
  const write = writeSubscriptionAnswer(version);
  const send = (reply: FastifyReply, resource: Resource) =>
    reply.type(FHIR_CONTENT_TYPE).send(JSON.stringify(write(resource)));
  const named = namedIn(version);
  answerWithOperationOutcomes(app);
  app.addContentTypeParser('application/fhir+json', { parseAs: 'string' }, app.getDefaultJsonParser('error', 'error'));
  // Only a system client's token manages subscriptions (checked by the service); no scope type of its own.
  const machine = { config: { systemToken: true } };
  const rawQuery = (url: string) => new URL(url, 'http://fhir.invalid').searchParams;

  app.post(
    '/Subscription',
    {
      ...machine,
      schema: {
        ...named('createSubscription', 'Subscribe an endpoint to a topic (rest-hook)'),
        body: SubscriptionBody,
        response: { 201: FhirResource, ...errors, 409: FhirResource },
      },
    },
    async (request, reply) => {
      const caller = await fhirCallerOfRequest(deps, request, null);
      const created = await createSubscription(deps, caller, request.body, request.ip);
      void reply.status(201).header('location', `${deps.publicUrl}/api/fhir/${version}/Subscription/${created.id}`);
      return send(reply, created);
    },
  );

  app.get(
    '/Subscription',
    {
      ...machine,
      schema: {
        ...named('searchSubscription', 'List the client’s own subscriptions'),
        querystring: Type.Object(Paging),
        response: { 200: FhirResource, ...errors },
      },
    },
    async (request, reply) =>
      send(
        reply,
        await searchSubscriptions(deps, await fhirCallerOfRequest(deps, request, null), rawQuery(request.url)),
      ),
  );

  app.get(
    '/Subscription/:id',
    {
      ...machine,
      schema: {
        ...named('readSubscription', 'Read one of the client’s subscriptions'),
        params: Type.Object({ id: FhirId }),
        response: { 200: FhirResource, ...errors },
      },
    },
    async (request, reply) =>
      send(reply, await readSubscription(deps, await fhirCallerOfRequest(deps, request, null), request.params.id)),
  );

  app.get(
    '/Subscription/:id/$status',
    {
      ...machine,
      schema: {
        ...named('subscriptionStatus', 'A subscription’s status: events so far, and the last error ($status)'),
        params: Type.Object({ id: FhirId }),
        response: { 200: FhirResource, ...errors },
      },
    },
    async (request, reply) =>
      send(reply, await subscriptionStatusOf(deps, await fhirCallerOfRequest(deps, request, null), request.params.id)),
  );

  app.delete(
    '/Subscription/:id',
    {
      ...machine,
      schema: {
        ...named('endSubscription', 'End a subscription: it is switched off and kept'),
        params: Type.Object({ id: FhirId }),
        response: { 200: FhirResource, ...errors },
      },
    },
    async (request, reply) =>
      send(
        reply,
        await endSubscription(deps, await fhirCallerOfRequest(deps, request, null), request.params.id, request.ip),
      ),
  );

  if (version === 'R4') {
    // R4 has no SubscriptionTopic: the Backport's clients find the topics' URLs in docs/fhir.md.
    return;
  }
  const readable = { config: { apiKey: true, systemToken: true } };
  app.get(
    '/SubscriptionTopic',
    {
      ...readable,
      schema: {
        ...named('searchSubscriptionTopic', 'The topics one may subscribe to'),
        response: { 200: FhirResource, ...errors },
      },
    },
    async (request, reply) => {
      await fhirCallerOfRequest(deps, request, null);
      const all = topics(deps.startedAt);
      return send(reply, {
        resourceType: 'Bundle',
        type: 'searchset',
        total: all.length,
        link: [{ relation: 'self', url: `${deps.publicUrl}/api/fhir/R5/SubscriptionTopic` }],
        entry: all.map((resource) => ({
          fullUrl: `${deps.publicUrl}/api/fhir/R5/SubscriptionTopic/${resource.id}`,
          resource,
          search: { mode: 'match' },
        })),
      });
    },
  );
  app.get(
    '/SubscriptionTopic/:id',
    {
      ...readable,
      schema: {
        ...named('readSubscriptionTopic', 'Read one topic'),
        params: Type.Object({ id: FhirId }),
        response: { 200: FhirResource, ...errors },
      },
    },
    async (request, reply) => {
      await fhirCallerOfRequest(deps, request, null);
      const found = topics(deps.startedAt).find((resource) => resource.id === request.params.id);
      if (!found) {
        throw notFound({ key: 'problem.subscriptions.unknownTopicId', params: { id: request.params.id } });
      }
      return send(reply, found);
    },
  );
};
