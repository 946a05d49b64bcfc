import { describe, expect, it } from 'vitest';
import { validateFhirR4 } from '../../../test/support/fhir-r4-validator';
import { aGraftRow, BANK, subscriptionRows } from '../../../test/support/fhir-rows';
import type { FhirSubscriptionContent } from '../../db/types';
import { problemOf } from '../../../test/support/problems';
import type { FhirResource } from '../fhir/fhir.mapping';
import { graftToProduct } from '../fhir/fhir.product';
import { toR4 } from '../fhir/fhir.r4';
import {
  BACKPORT_EXTENSIONS,
  BACKPORT_PROFILES,
  subscriptionFromR4,
  writeSubscriptionAnswer,
} from './subscriptions.r4';
import {
  notificationBundle,
  statusBundle,
  subscriptionResource,
  subscriptionStatus,
  type StatusType,
} from './subscriptions.resource';
import { topicByUrl, TOPICS } from './subscriptions.topics';

// The R4 side of the subscriptions, HL7's Subscriptions R5 Backport IG 1.1.0 (docs/fhir.md
// "Subscriptions"): each answer written from the R5 resources validates against R4 core, a Subscription
// written is read back as it was, and a posted one asking for what we do not support is refused.

type Json = Record<string, unknown>;

const BASE = 'https://graftmatch.example/api/fhir/R4';
const GRAFT_ID = 'c0ffee00-0000-4000-8000-000000000001';
const AT = '2026-05-01T10:00:00.000Z';
const r4 = writeSubscriptionAnswer('R4');

const { ROW, ENDED, IN_ERROR } = subscriptionRows('R4', 'id-only');

const EVENT = { eventNumber: 4, timestamp: AT, graftId: GRAFT_ID };

const parametersOf = (resource: FhirResource) => resource.parameter as Json[];
const named = (resource: FhirResource, name: string) => parametersOf(resource).filter((each) => each.name === name);

describe('the R4 answers validate against R4 core', () => {
  it('writes R5 as it is', () => {
    const resource = subscriptionResource(ROW);
    expect(writeSubscriptionAnswer('R5')(resource)).toBe(resource);
  });

  it('a Subscription with every element, as the IG profiles it', async () => {
    const subscription = r4(subscriptionResource(ROW));
    expect(subscription).toMatchObject({
      resourceType: 'Subscription',
      id: ROW.id,
      meta: { profile: [BACKPORT_PROFILES.subscription] },
      extension: [
        { url: 'http://hl7.org/fhir/5.0/StructureDefinition/extension-Subscription.name', valueString: ROW.name },
      ],
      status: 'active',
      reason: ROW.reason,
      criteria: ROW.topic,
      channel: {
        extension: [
          { url: BACKPORT_EXTENSIONS.heartbeat, valueUnsignedInt: 3600 },
          { url: BACKPORT_EXTENSIONS.timeout, valueUnsignedInt: 10 },
        ],
        type: 'rest-hook',
        endpoint: ROW.endpoint,
        payload: 'application/fhir+json',
        _payload: { extension: [{ url: BACKPORT_EXTENSIONS.content, valueCode: 'full-resource' }] },
      },
    });
    expect(await validateFhirR4(subscription)).toEqual([]);
  });

  it('an ended Subscription without name, reason or heartbeat: the reason R4 requires is the topic’s title', async () => {
    const subscription = r4(subscriptionResource(ENDED));
    expect(subscription).toMatchObject({
      status: 'off',
      end: ENDED.endedAt,
      reason: `Notifications of GraftMatch topic: ${TOPICS[1]!.title}`,
    });
    expect(subscription.extension).toBeUndefined();
    expect((subscription.channel as Json).extension).toEqual([
      { url: BACKPORT_EXTENSIONS.timeout, valueUnsignedInt: 10 },
    ]);
    expect(await validateFhirR4(subscription)).toEqual([]);
  });

  it('a SubscriptionStatus as the IG’s Parameters, its counts strings', async () => {
    const parameters = r4(subscriptionStatus(ROW, 'event-notification', BASE, [EVENT]));
    expect(parameters).toMatchObject({ resourceType: 'Parameters', meta: { profile: [BACKPORT_PROFILES.status] } });
    expect(parametersOf(parameters)).toEqual([
      { name: 'subscription', valueReference: { reference: `${BASE}/Subscription/${ROW.id}` } },
      { name: 'topic', valueCanonical: ROW.topic },
      { name: 'status', valueCode: 'active' },
      { name: 'type', valueCode: 'event-notification' },
      { name: 'events-since-subscription-start', valueString: '4' },
      {
        name: 'notification-event',
        part: [
          { name: 'event-number', valueString: '4' },
          { name: 'timestamp', valueInstant: AT },
          { name: 'focus', valueReference: { reference: `${BASE}/BiologicallyDerivedProduct/${GRAFT_ID}` } },
        ],
      },
    ]);
    expect(await validateFhirR4(parameters)).toEqual([]);
  });

  it('the status in error, with its error', async () => {
    const parameters = r4(subscriptionStatus(IN_ERROR, 'query-status', BASE));
    expect(named(parameters, 'error')).toEqual([{ name: 'error', valueCodeableConcept: { text: IN_ERROR.lastError } }]);
    expect(named(parameters, 'notification-event')).toEqual([]);
    expect(await validateFhirR4(parameters)).toEqual([]);
  });

  const CONTENTS: FhirSubscriptionContent[] = ['empty', 'id-only', 'full-resource'];
  const TYPES: StatusType[] = ['event-notification', 'heartbeat'];
  const NOTIFICATIONS = CONTENTS.flatMap((content) => TYPES.map((type) => ({ content, type })));

  it.each(NOTIFICATIONS)('a notification of content $content: $type', async ({ content, type }) => {
    // As the rest-hook builds it (subscriptions.deliver.ts).
    const row = { ...ROW, content };
    const events = type === 'event-notification' ? [EVENT] : [];
    const product = graftToProduct(aGraftRow({ id: GRAFT_ID }), BANK, '2026-05-01');
    const focus = events.length > 0 && content === 'full-resource' ? [product] : [];
    const r5 = notificationBundle(subscriptionStatus(row, type, BASE, events, content !== 'empty'), focus, BASE, AT);
    const bundle = r4(r5);
    expect(bundle).toMatchObject({
      resourceType: 'Bundle',
      id: r5.id,
      meta: { profile: [BACKPORT_PROFILES.notification] },
      type: 'history',
      timestamp: AT,
    });
    const [status, ...others] = bundle.entry as Json[];
    expect(status).toEqual({
      fullUrl: r5.entry[0]!.fullUrl,
      resource: expect.objectContaining({
        resourceType: 'Parameters',
        id: r5.entry[0]!.fullUrl.slice('urn:uuid:'.length),
      }),
      request: { method: 'GET', url: `${BASE}/Subscription/${ROW.id}/$status` },
      response: { status: '200' },
    });
    const parts = named(status!.resource as FhirResource, 'notification-event').flatMap((each) => each.part as Json[]);
    expect(parts.some((part) => part.name === 'focus')).toBe(type === 'event-notification' && content !== 'empty');
    expect(others).toEqual(
      focus.map(() => ({
        fullUrl: `${BASE}/BiologicallyDerivedProduct/${GRAFT_ID}`,
        resource: toR4(product),
        request: { method: 'PUT', url: `BiologicallyDerivedProduct/${GRAFT_ID}` },
        response: { status: '200' },
      })),
    );
    expect(await validateFhirR4(bundle)).toEqual([]);
  });

  it('the $status searchset, its status a Parameters', async () => {
    const bundle = r4(statusBundle(subscriptionStatus(IN_ERROR, 'query-status', BASE)));
    const [entry] = bundle.entry as Json[];
    expect(bundle).toMatchObject({
      type: 'searchset',
      total: 1,
      link: [{ relation: 'self', url: `${BASE}/Subscription/${IN_ERROR.id}/$status` }],
    });
    expect(entry).toMatchObject({ resource: { resourceType: 'Parameters' }, search: { mode: 'match' } });
    expect(await validateFhirR4(bundle)).toEqual([]);
  });

  it('the search of a client’s subscriptions', async () => {
    // As fhir.service.ts searchBundle answers it.
    const resources = [ROW, ENDED].map(subscriptionResource);
    const bundle = r4({
      resourceType: 'Bundle',
      type: 'searchset',
      timestamp: AT,
      total: resources.length,
      link: [{ relation: 'self', url: `${BASE}/Subscription?_count=20&_offset=0` }],
      entry: resources.map((resource) => ({
        fullUrl: `${BASE}/Subscription/${resource.id}`,
        resource,
        search: { mode: 'match' },
      })),
    });
    expect((bundle.entry as Json[]).map((entry) => entry.resource)).toEqual(resources.map(r4));
    expect(await validateFhirR4(bundle)).toEqual([]);
  });
});

/** An R4 Subscription as a client posts it: the one we write, without what the server sets. */
const { id: _id, meta: _meta, ...POSTED } = r4(subscriptionResource(ROW));
const CHANNEL = POSTED.channel as Json;
const withChannel = (channel: Json) => ({ ...POSTED, channel: { ...CHANNEL, ...channel } });

describe('reading an R4 Backport Subscription as posted', () => {
  it.each([ROW, ENDED])('reads back what it wrote: $content', (row) => {
    expect(subscriptionFromR4(r4(subscriptionResource(row)))).toEqual({
      topic: row.topic,
      endpoint: row.endpoint,
      content: row.content,
      heartbeatSeconds: row.heartbeatSeconds,
      name: row.name,
      // R4 requires a reason: the one written in its stead comes back.
      reason: row.reason ?? `Notifications of GraftMatch topic: ${topicByUrl(row.topic)!.title}`,
    });
  });

  it('takes id-only without the content extension, and plain http on this machine', () => {
    const { _payload: _content, ...channel } = CHANNEL;
    expect(
      subscriptionFromR4({ ...POSTED, channel: { ...channel, endpoint: 'http://localhost:8080/hook' } }),
    ).toMatchObject({
      content: 'id-only',
      endpoint: 'http://localhost:8080/hook',
    });
  });

  it.each([
    { name: 'another resource', body: { ...POSTED, resourceType: 'Observation' }, key: 'notSubscription' },
    { name: 'no object', body: null, key: 'notSubscription' },
    {
      name: 'R4 criteria',
      body: { ...POSTED, criteria: 'BiologicallyDerivedProduct?status=available' },
      key: 'unknownTopic',
    },
    {
      name: 'a filter',
      body: {
        ...POSTED,
        _criteria: {
          extension: [{ url: BACKPORT_EXTENSIONS.filter, valueString: 'BiologicallyDerivedProduct?identifier=E-1' }],
        },
      },
      key: 'filters',
    },
    { name: 'a header', body: withChannel({ header: ['Authorization: Bearer secret'] }), key: 'parameters' },
    { name: 'another channel', body: withChannel({ type: 'websocket' }), key: 'channel' },
    {
      name: 'a custom channel',
      body: withChannel({
        _type: {
          extension: [
            { url: BACKPORT_EXTENSIONS.channelType, valueCoding: { system: 'https://example.org', code: 'zulip' } },
          ],
        },
      }),
      key: 'channel',
    },
    { name: 'plain http elsewhere', body: withChannel({ endpoint: 'http://his.example.org/hook' }), key: 'endpoint' },
    { name: 'XML', body: withChannel({ payload: 'application/fhir+xml' }), key: 'contentType' },
    {
      name: 'an unknown content',
      body: withChannel({ _payload: { extension: [{ url: BACKPORT_EXTENSIONS.content, valueCode: 'everything' }] } }),
      key: 'content',
    },
    {
      name: 'a heartbeat too short',
      body: withChannel({ extension: [{ url: BACKPORT_EXTENSIONS.heartbeat, valueUnsignedInt: 30 }] }),
      key: 'heartbeat',
    },
    {
      name: 'a heartbeat too long',
      body: withChannel({ extension: [{ url: BACKPORT_EXTENSIONS.heartbeat, valueUnsignedInt: 86_401 }] }),
      key: 'heartbeat',
    },
  ])('refuses $name', ({ body, key }) => {
    const problem = problemOf(() => subscriptionFromR4(body));
    expect(problem.status).toBe(400);
    expect(problem.wording.key).toBe(`problem.subscriptions.${key}`);
  });

  it('names the version it wanted', () => {
    expect(problemOf(() => subscriptionFromR4({ resourceType: 'Patient' })).wording.params).toEqual({
      version: 'R4',
    });
  });
});
