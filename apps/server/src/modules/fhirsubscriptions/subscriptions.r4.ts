import { badRequest } from '../../http/problem';
import type { FhirResource } from '../fhir/fhir.mapping';
import { BACKPORT_IG, toR4, xver, type FhirVersion } from '../fhir/fhir.r4';
import { checkedInput, type SubscriptionInput } from './subscriptions.resource';
import { topicByUrl } from './subscriptions.topics';

// R4 clients subscribe through HL7's Subscriptions R5 Backport IG 1.1.0 (docs/fhir.md "Subscriptions"):
// an R4 Subscription whose `criteria` is the topic's canonical URL and whose R5 elements sit in the
// IG's extensions; a SubscriptionStatus is the IG's Parameters, a notification its `history` Bundle.
// The R5 resources of subscriptions.resource.ts stay the core; these pure functions read and write R4.

type Json = Record<string, unknown>;

const BACKPORT = `${BACKPORT_IG}/StructureDefinition`;

/** The IG's profiles (their R4 forms where the IG has one for R4 and one for R4B). */
export const BACKPORT_PROFILES = {
  subscription: `${BACKPORT}/backport-subscription`,
  status: `${BACKPORT}/backport-subscription-status-r4`,
  notification: `${BACKPORT}/backport-subscription-notification-r4`,
} as const;

/** The IG's extensions, and where each sits in the R4 Subscription. */
export const BACKPORT_EXTENSIONS = {
  /** On `channel.payload` (`channel._payload` in JSON): R5's `content`. */
  content: `${BACKPORT}/backport-payload-content`,
  /** On `channel`: R5's `heartbeatPeriod`. */
  heartbeat: `${BACKPORT}/backport-heartbeat-period`,
  /** On `channel`: R5's `timeout`. */
  timeout: `${BACKPORT}/backport-timeout`,
  /** On `criteria` (`_criteria`): R5's `filterBy`. */
  filter: `${BACKPORT}/backport-filter-criteria`,
  /** On `channel.type` (`channel._type`): a channel R4 has no code for. */
  channelType: `${BACKPORT}/backport-channel-type`,
} as const;

/** R5's `name`: neither R4 nor the IG has a place for it, so HL7's cross-version extension (docs/fhir.md "R4"). */
const NAME_EXTENSION = xver('Subscription.name');

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const objectOf = (value: unknown): Json => (isObject(value) ? value : {});

/** An element's first extension of this URL. */
function extensionOf(element: unknown, url: string): Json | undefined {
  const extensions = objectOf(element).extension;
  return Array.isArray(extensions) ? extensions.filter(isObject).find((each) => each.url === url) : undefined;
}

/** An extension's `value[x]`, whatever its type: the shared checks refuse a wrong one. */
function valueOf(extension: Json | undefined): unknown {
  const key = extension && Object.keys(extension).find((name) => name.startsWith('value'));
  return key ? extension[key] : undefined;
}

/** Reads an R4 Backport Subscription as a client posts it. */
export function subscriptionFromR4(body: unknown): SubscriptionInput {
  if (!isObject(body) || body.resourceType !== 'Subscription') {
    throw badRequest({ key: 'problem.subscriptions.notSubscription', params: { version: 'R4' } });
  }
  if (extensionOf(body._criteria, BACKPORT_EXTENSIONS.filter)) {
    throw badRequest({ key: 'problem.subscriptions.filters' });
  }
  const channel = objectOf(body.channel);
  if (Array.isArray(channel.header) && channel.header.length > 0) {
    throw badRequest({ key: 'problem.subscriptions.parameters' });
  }
  // A custom channel (the IG's channel-type extension) is some other channel, whatever `type` says.
  const custom = extensionOf(channel._type, BACKPORT_EXTENSIONS.channelType);
  return checkedInput({
    topic: body.criteria,
    endpoint: channel.endpoint,
    channel: custom ? objectOf(custom.valueCoding).code : channel.type,
    contentType: channel.payload,
    content: valueOf(extensionOf(channel._payload, BACKPORT_EXTENSIONS.content)),
    heartbeat: valueOf(extensionOf(channel, BACKPORT_EXTENSIONS.heartbeat)),
    name: valueOf(extensionOf(body, NAME_EXTENSION)),
    reason: body.reason,
  });
}

/** A `valueUnsignedInt` extension of the IG; none for an R5 element not set. */
const unsignedInt = (url: string, value: unknown): Json[] =>
  value === undefined ? [] : [{ url, valueUnsignedInt: value }];

/** The R4 Subscription of an R5 one (the IG's backport-subscription profile). */
function subscriptionToR4(subscription: FhirResource): FhirResource {
  const topic = topicByUrl(String(subscription.topic));
  return {
    resourceType: 'Subscription',
    id: subscription.id,
    meta: { profile: [BACKPORT_PROFILES.subscription] },
    ...(subscription.name ? { extension: [{ url: NAME_EXTENSION, valueString: subscription.name }] } : {}),
    // R4 has each R5 code we set (requested, active, error, off).
    status: subscription.status,
    ...(subscription.end ? { end: subscription.end } : {}),
    // R4 requires a reason, R5 does not: without the client's own, the topic's title says what it is.
    reason: subscription.reason ?? `Notifications of GraftMatch topic: ${topic?.title ?? String(subscription.topic)}`,
    criteria: subscription.topic,
    channel: {
      extension: [
        ...unsignedInt(BACKPORT_EXTENSIONS.heartbeat, subscription.heartbeatPeriod),
        ...unsignedInt(BACKPORT_EXTENSIONS.timeout, subscription.timeout),
      ],
      type: objectOf(subscription.channelType).code,
      endpoint: subscription.endpoint,
      payload: subscription.contentType,
      _payload: { extension: [{ url: BACKPORT_EXTENSIONS.content, valueCode: subscription.content }] },
    },
  };
}

/** One parameter of the IG's Parameters, its value in `value<type>`; none for an R5 element not set. */
const parameter = (name: string, type: string, value: unknown): Json[] =>
  value === undefined ? [] : [{ name, [`value${type}`]: value }];

/**
 * The IG's R4 Parameters of an R5 SubscriptionStatus (backport-subscription-status-r4): the counts are
 * strings, as R5's integer64. `id` is the one its notification Bundle gives it.
 */
function statusToR4(status: FhirResource, id?: string): FhirResource {
  const events = (status.notificationEvent as Json[] | undefined) ?? [];
  const errors = (status.error as Json[] | undefined) ?? [];
  return {
    resourceType: 'Parameters',
    ...(id ? { id } : {}),
    meta: { profile: [BACKPORT_PROFILES.status] },
    parameter: [
      ...parameter('subscription', 'Reference', status.subscription),
      ...parameter('topic', 'Canonical', status.topic),
      ...parameter('status', 'Code', status.status),
      ...parameter('type', 'Code', status.type),
      ...parameter('events-since-subscription-start', 'String', status.eventsSinceSubscriptionStart),
      ...events.map((event) => ({
        name: 'notification-event',
        part: [
          ...parameter('event-number', 'String', event.eventNumber),
          ...parameter('timestamp', 'Instant', event.timestamp),
          ...parameter('focus', 'Reference', event.focus),
        ],
      })),
      ...errors.flatMap((error) => parameter('error', 'CodeableConcept', error)),
    ],
  };
}

type Entry = { fullUrl: string; resource: FhirResource };

/**
 * The IG's R4 notification (backport-subscription-notification-r4): a `history` Bundle, whose entries
 * R4 gives a request and a response: the status's is `$status` (its Parameters' id that of its
 * `urn:uuid`, as in the IG's examples), a graft's the update our topics trigger on.
 */
function notificationToR4(bundle: FhirResource): FhirResource {
  const [status, ...focus] = bundle.entry as Entry[];
  const subscription = (status!.resource.subscription as { reference: string }).reference;
  const { entry: _entries, ...rest } = bundle;
  return {
    ...rest,
    meta: { profile: [BACKPORT_PROFILES.notification] },
    type: 'history',
    entry: [
      {
        fullUrl: status!.fullUrl,
        resource: statusToR4(status!.resource, status!.fullUrl.replace('urn:uuid:', '')),
        request: { method: 'GET', url: `${subscription}/$status` },
        response: { status: '200' },
      },
      ...focus.map(({ fullUrl, resource }) => ({
        fullUrl,
        resource: toR4(resource),
        request: { method: 'PUT', url: `${resource.resourceType}/${resource.id}` },
        response: { status: '200' },
      })),
    ],
  };
}

/**
 * Another Bundle (a search of Subscriptions, the `$status` searchset): its Subscriptions and statuses
 * written here, then the Bundle by `toR4`, which leaves those as they are and writes any other entry.
 */
function bundleToR4(bundle: FhirResource): FhirResource {
  const entries = (bundle.entry as Partial<Entry>[] | undefined) ?? [];
  const written = entries.map((entry) =>
    entry.resource?.resourceType === 'Subscription' || entry.resource?.resourceType === 'SubscriptionStatus'
      ? { ...entry, resource: r4Answer(entry.resource) }
      : entry,
  );
  return toR4(bundle.entry ? { ...bundle, entry: written } : bundle);
}

function r4Answer(resource: FhirResource): FhirResource {
  switch (resource.resourceType) {
    case 'Subscription':
      return subscriptionToR4(resource);
    case 'SubscriptionStatus':
      return statusToR4(resource);
    case 'Bundle':
      return resource.type === 'subscription-notification' ? notificationToR4(resource) : bundleToR4(resource);
    default:
      return toR4(resource);
  }
}

/** The writer of the subscriptions' answers in a version: R5's as they are, R4's by the Backport IG. */
export const writeSubscriptionAnswer = (version: FhirVersion): ((resource: FhirResource) => FhirResource) =>
  version === 'R4' ? r4Answer : (resource) => resource;
