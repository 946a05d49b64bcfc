import { afterAll, describe, expect, it } from 'vitest';
import { closeFhirValidator, validateFhir } from '../../../test/support/fhir-validator';
import { aGraftRow, BANK, subscriptionRows } from '../../../test/support/fhir-rows';
import type { FhirSubscriptionRow } from '../../db/types';
import { problemOf } from '../../../test/support/problems';
import { graftToProduct } from '../fhir/fhir.product';
import {
  CHANNEL_TYPE_SYSTEM,
  notificationBundle,
  readSubscription,
  statusBundle,
  subscriptionResource,
  subscriptionStatus,
  type StatusType,
} from './subscriptions.resource';
import { TOPICS, topicResource } from './subscriptions.topics';

// The R5 side of the subscriptions (docs/fhir.md "Subscriptions"): the topics, a subscription, its
// statuses and the Bundles that carry them validate against R5 core; a posted Subscription is read,
// or refused with the problem that names what we do not support.

const BASE = 'https://graftmatch.example/api/fhir/R5';
const GRAFT_ID = 'c0ffee00-0000-4000-8000-000000000001';
const AT = '2026-05-01T10:00:00.000Z';

const { ROW, ENDED, IN_ERROR } = subscriptionRows('R5', 'empty');

const EVENT = { eventNumber: 4, timestamp: AT, graftId: GRAFT_ID };

describe('the R5 subscription resources validate against R5 core', () => {
  afterAll(() => closeFhirValidator());

  it.each(TOPICS.map((topic) => ({ name: topic.id, topic })))('the topic $name', async ({ topic }) => {
    expect(await validateFhir(topicResource(topic, AT))).toEqual([]);
  });

  it.each([
    { name: 'with every element', row: ROW },
    { name: 'ended, without name, reason or heartbeat', row: ENDED },
  ])('a Subscription $name', async ({ row }) => {
    expect(await validateFhir(subscriptionResource(row))).toEqual([]);
  });

  const STATUSES: { name: string; row: FhirSubscriptionRow; type: StatusType; withFocus?: boolean }[] = [
    { name: 'an event, with its focus', row: ROW, type: 'event-notification' },
    { name: 'an event of content empty, without focus', row: ENDED, type: 'event-notification', withFocus: false },
    { name: 'a heartbeat', row: ROW, type: 'heartbeat' },
    { name: 'the status in error, with its error', row: IN_ERROR, type: 'query-status' },
  ];
  it.each(STATUSES)('a SubscriptionStatus: $name', async ({ row, type, withFocus }) => {
    const events = type === 'event-notification' ? [EVENT] : [];
    const status = subscriptionStatus(row, type, BASE, events, withFocus);
    expect(await validateFhir(status)).toEqual([]);
    expect(status.eventsSinceSubscriptionStart).toBe(type === 'event-notification' ? '4' : '3');
    expect(status.error !== undefined).toBe(type === 'query-status');
  });

  it('a notification with the graft, and one without', async () => {
    const product = graftToProduct(aGraftRow({ id: GRAFT_ID }), BANK, '2026-05-01');
    const full = notificationBundle(subscriptionStatus(ROW, 'event-notification', BASE, [EVENT]), [product], BASE, AT);
    expect(full.entry.map((entry) => entry.resource.resourceType)).toEqual([
      'SubscriptionStatus',
      'BiologicallyDerivedProduct',
    ]);
    expect(full.entry[1]!.fullUrl).toBe(`${BASE}/BiologicallyDerivedProduct/${GRAFT_ID}`);
    expect(await validateFhir(full)).toEqual([]);
    const heartbeat = notificationBundle(subscriptionStatus(ROW, 'heartbeat', BASE), [], BASE, AT);
    expect(await validateFhir(heartbeat)).toEqual([]);
  });

  it('the $status searchset, with its self link', async () => {
    const bundle = statusBundle(subscriptionStatus(IN_ERROR, 'query-status', BASE));
    expect(bundle.link).toEqual([{ relation: 'self', url: `${BASE}/Subscription/${IN_ERROR.id}/$status` }]);
    expect(await validateFhir(bundle)).toEqual([]);
  });
});

const POSTED = {
  resourceType: 'Subscription',
  status: 'requested',
  name: 'Graft states for the HIS',
  topic: TOPICS[0]!.url,
  reason: 'Keeps the graft list up to date',
  channelType: { system: CHANNEL_TYPE_SYSTEM, code: 'rest-hook' },
  endpoint: 'https://his.example.org/fhir/notifications',
  heartbeatPeriod: 3600,
  contentType: 'application/fhir+json',
  content: 'full-resource',
};

describe('reading an R5 Subscription as posted', () => {
  it('takes the topic, endpoint, content, heartbeat, name and reason', () => {
    expect(readSubscription(POSTED)).toEqual({
      topic: TOPICS[0]!.url,
      endpoint: POSTED.endpoint,
      content: 'full-resource',
      heartbeatSeconds: 3600,
      name: POSTED.name,
      reason: POSTED.reason,
    });
  });

  it('takes id-only without content, and plain http on this machine', () => {
    const { content: _content, ...rest } = POSTED;
    expect(readSubscription({ ...rest, endpoint: 'http://127.0.0.1:8080/hook' })).toMatchObject({
      content: 'id-only',
      endpoint: 'http://127.0.0.1:8080/hook',
    });
  });

  it.each([
    { name: 'another resource', body: { resourceType: 'Observation' }, key: 'notSubscription' },
    { name: 'no object', body: 'Subscription', key: 'notSubscription' },
    { name: 'an unknown topic', body: { ...POSTED, topic: `${BASE}/SubscriptionTopic/x` }, key: 'unknownTopic' },
    {
      name: 'another channel',
      body: { ...POSTED, channelType: { system: CHANNEL_TYPE_SYSTEM, code: 'websocket' } },
      key: 'channel',
    },
    {
      name: 'a filter',
      body: { ...POSTED, filterBy: [{ filterParameter: 'identifier', value: 'E-1001' }] },
      key: 'filters',
    },
    {
      name: 'a channel parameter',
      body: { ...POSTED, parameter: [{ name: 'Authorization', value: 'x' }] },
      key: 'parameters',
    },
    { name: 'an unknown content', body: { ...POSTED, content: 'everything' }, key: 'content' },
    { name: 'XML', body: { ...POSTED, contentType: 'application/fhir+xml' }, key: 'contentType' },
    { name: 'plain http elsewhere', body: { ...POSTED, endpoint: 'http://his.example.org/hook' }, key: 'endpoint' },
    { name: 'a heartbeat too short', body: { ...POSTED, heartbeatPeriod: 30 }, key: 'heartbeat' },
    { name: 'a heartbeat too long', body: { ...POSTED, heartbeatPeriod: 86_401 }, key: 'heartbeat' },
  ])('refuses $name', ({ body, key }) => {
    const problem = problemOf(() => readSubscription(body));
    expect(problem.status).toBe(400);
    expect(problem.wording.key).toBe(`problem.subscriptions.${key}`);
  });

  it('names the version it wanted', () => {
    expect(problemOf(() => readSubscription({})).wording.params).toEqual({ version: 'R5' });
  });
});
