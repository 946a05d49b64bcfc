import { randomUUID } from 'node:crypto';
import type { FhirSubscriptionContent, FhirSubscriptionRow } from '../../db/types';
import { badRequest } from '../../http/problem';
import { outboundUrlAllowed } from '../../http/outbound-url';
import type { FhirResource } from '../fhir/fhir.mapping';
import { TOPICS, topicByUrl } from './subscriptions.topics';

// A subscription and its notifications as FHIR R5 resources (docs/fhir.md "Subscriptions"): the
// Subscription read back, the SubscriptionStatus of a notification or of $status, and the Bundles
// that carry them. R4 clients get them through the Subscriptions Backport writer (subscriptions.r4.ts).

type Json = Record<string, unknown>;

export const CHANNEL_TYPE_SYSTEM = 'http://terminology.hl7.org/CodeSystem/subscription-channel-type';
export const NOTIFICATION_CONTENT_TYPE = 'application/fhir+json';
export const CONTENTS: readonly FhirSubscriptionContent[] = ['empty', 'id-only', 'full-resource'];
/** A heartbeat's period, in seconds: the heartbeat job runs every minute. */
export const HEARTBEAT_SECONDS = { min: 60, max: 86_400 } as const;
/** How long a subscriber has to answer a notification, in seconds. */
export const NOTIFICATION_TIMEOUT_SECONDS = 10;
const TEXT_MAX = 500;

/** What a client asks for, read from its Subscription. */
export interface SubscriptionInput {
  topic: string;
  endpoint: string;
  content: FhirSubscriptionContent;
  heartbeatSeconds: number | null;
  name: string | null;
  reason: string | null;
}

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown, field: string): string | null => {
  if (value === undefined || value === null || value === '') {
    return null;
  }
  if (typeof value !== 'string' || value.length > TEXT_MAX) {
    throw badRequest({ key: 'problem.subscriptions.text', params: { field, max: TEXT_MAX } });
  }
  return value;
};

/** The heartbeat asked for in seconds, within our bounds; null for none. */
export function heartbeatOf(value: unknown): number | null {
  if (value === undefined || value === null) {
    return null;
  }
  if (
    typeof value !== 'number' ||
    !Number.isInteger(value) ||
    value < HEARTBEAT_SECONDS.min ||
    value > HEARTBEAT_SECONDS.max
  ) {
    throw badRequest({ key: 'problem.subscriptions.heartbeat', params: HEARTBEAT_SECONDS });
  }
  return value;
}

/** The checks both versions share, on what each version's reader took out of its resource. */
export function checkedInput(input: {
  topic: unknown;
  endpoint: unknown;
  channel: unknown;
  contentType: unknown;
  content: unknown;
  heartbeat: unknown;
  name: unknown;
  reason: unknown;
}): SubscriptionInput {
  const topic = typeof input.topic === 'string' ? topicByUrl(input.topic) : undefined;
  if (!topic) {
    throw badRequest({
      key: 'problem.subscriptions.unknownTopic',
      params: { topic: String(input.topic ?? ''), topics: TOPICS.map((item) => item.url).join(', ') },
    });
  }
  if (input.channel !== 'rest-hook') {
    throw badRequest({ key: 'problem.subscriptions.channel' });
  }
  if (typeof input.endpoint !== 'string' || input.endpoint.length > 2000 || !outboundUrlAllowed(input.endpoint)) {
    throw badRequest({ key: 'problem.subscriptions.endpoint', params: { url: String(input.endpoint ?? '') } });
  }
  if (input.contentType !== undefined && input.contentType !== NOTIFICATION_CONTENT_TYPE) {
    throw badRequest({ key: 'problem.subscriptions.contentType' });
  }
  const content = input.content ?? 'id-only';
  if (!CONTENTS.includes(content as FhirSubscriptionContent)) {
    throw badRequest({ key: 'problem.subscriptions.content' });
  }
  return {
    topic: topic.url,
    endpoint: input.endpoint,
    content: content as FhirSubscriptionContent,
    heartbeatSeconds: heartbeatOf(input.heartbeat),
    name: text(input.name, 'name'),
    reason: text(input.reason, 'reason'),
  };
}

/** Reads an R5 Subscription as a client posts it. */
export function readSubscription(body: unknown): SubscriptionInput {
  if (!isObject(body) || body.resourceType !== 'Subscription') {
    throw badRequest({ key: 'problem.subscriptions.notSubscription', params: { version: 'R5' } });
  }
  if (Array.isArray(body.filterBy) && body.filterBy.length > 0) {
    throw badRequest({ key: 'problem.subscriptions.filters' });
  }
  if (Array.isArray(body.parameter) && body.parameter.length > 0) {
    throw badRequest({ key: 'problem.subscriptions.parameters' });
  }
  const channelType = isObject(body.channelType) ? body.channelType : {};
  return checkedInput({
    topic: body.topic,
    endpoint: body.endpoint,
    channel: channelType.code,
    contentType: body.contentType,
    content: body.content,
    heartbeat: body.heartbeatPeriod,
    name: body.name,
    reason: body.reason,
  });
}

/** A subscription as its client reads it back. */
export function subscriptionResource(row: FhirSubscriptionRow): FhirResource {
  return {
    resourceType: 'Subscription',
    id: row.id,
    ...(row.name ? { name: row.name } : {}),
    status: row.status,
    topic: row.topic,
    ...(row.reason ? { reason: row.reason } : {}),
    ...(row.endedAt ? { end: row.endedAt } : {}),
    channelType: { system: CHANNEL_TYPE_SYSTEM, code: 'rest-hook' },
    endpoint: row.endpoint,
    ...(row.heartbeatSeconds !== null ? { heartbeatPeriod: row.heartbeatSeconds } : {}),
    timeout: NOTIFICATION_TIMEOUT_SECONDS,
    contentType: NOTIFICATION_CONTENT_TYPE,
    content: row.content,
  };
}

/** What a notification tells of: one event, a heartbeat, or (for $status) the status alone. */
export type StatusType = 'event-notification' | 'heartbeat' | 'query-status';

/** One event of a notification: its number, when, and the graft. */
export interface NotificationEvent {
  eventNumber: number;
  timestamp: string;
  graftId: string;
}

/** A SubscriptionStatus; references are absolute under `base` (our FHIR base of the subscription's version). */
export function subscriptionStatus(
  row: Pick<FhirSubscriptionRow, 'id' | 'status' | 'topic' | 'eventsSinceStart' | 'lastError'>,
  type: StatusType,
  base: string,
  events: readonly NotificationEvent[] = [],
  /** Whether each event names its graft: not for content `empty`. */
  withFocus = true,
): FhirResource {
  return {
    resourceType: 'SubscriptionStatus',
    status: row.status,
    type,
    // integer64 is a string in JSON.
    eventsSinceSubscriptionStart: String(events.at(-1)?.eventNumber ?? row.eventsSinceStart),
    ...(events.length > 0
      ? {
          notificationEvent: events.map((event) => ({
            eventNumber: String(event.eventNumber),
            timestamp: event.timestamp,
            ...(withFocus ? { focus: { reference: `${base}/BiologicallyDerivedProduct/${event.graftId}` } } : {}),
          })),
        }
      : {}),
    subscription: { reference: `${base}/Subscription/${row.id}` },
    topic: row.topic,
    ...(type === 'query-status' && row.status === 'error' && row.lastError ? { error: [{ text: row.lastError }] } : {}),
  };
}

/** The Bundle a rest-hook receives: the status first, then (full-resource) the focus resources. */
export function notificationBundle(status: FhirResource, focus: readonly FhirResource[], base: string, at: string) {
  return {
    resourceType: 'Bundle',
    id: randomUUID(),
    type: 'subscription-notification',
    timestamp: at,
    entry: [
      { fullUrl: `urn:uuid:${randomUUID()}`, resource: status },
      ...focus.map((resource) => ({ fullUrl: `${base}/${resource.resourceType}/${resource.id}`, resource })),
    ],
  } satisfies FhirResource;
}

/** The answer of `$status`: a searchset of the subscription's status; R5 requires its self link (bdl-18). */
export function statusBundle(status: FhirResource) {
  const subscription = (status.subscription as { reference: string }).reference;
  return {
    resourceType: 'Bundle',
    type: 'searchset',
    total: 1,
    link: [{ relation: 'self', url: `${subscription}/$status` }],
    entry: [{ fullUrl: `urn:uuid:${randomUUID()}`, resource: status, search: { mode: 'match' } }],
  } satisfies FhirResource;
}
