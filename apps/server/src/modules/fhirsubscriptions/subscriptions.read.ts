import type { FhirCaller } from '../fhir/fhir.caller';
import { fhirBase, paging, requireKnown, searchBundle } from '../fhir/fhir.service';
import type { FhirResource } from '../fhir/fhir.mapping';
import { ownSubscription, subscriberOf, type FhirSubscriptionDeps } from './subscriptions.caller';
import { statusBundle, subscriptionResource, subscriptionStatus } from './subscriptions.resource';
import * as repo from './subscriptions.repository';
import { TOPICS, topicResource } from './subscriptions.topics';

// Reading subscriptions (docs/fhir.md "Subscriptions"): a client reads and lists its own, asks for
// one's status, and anyone who may read FHIR reads the topics.

/** `GET Subscription/{id}`. */
export async function readSubscription(deps: FhirSubscriptionDeps, caller: FhirCaller, id: string) {
  return subscriptionResource(await ownSubscription(deps.db, subscriberOf(caller), id, deps.version));
}

/** `GET Subscription/{id}/$status`: the status, how many events so far, and the last error in error. */
export async function subscriptionStatusOf(deps: FhirSubscriptionDeps, caller: FhirCaller, id: string) {
  const row = await ownSubscription(deps.db, subscriberOf(caller), id, deps.version);
  return statusBundle(subscriptionStatus(row, 'query-status', fhirBase(deps, deps.version)));
}

/** `GET Subscription`: the client's subscriptions of this version, newest first, paged. */
export async function searchSubscriptions(
  deps: FhirSubscriptionDeps,
  caller: FhirCaller,
  params: URLSearchParams,
): Promise<FhirResource> {
  const subscriber = subscriberOf(caller);
  requireKnown(params, ['_count', '_offset']);
  const page = paging(params);
  const { rows, total } = await repo.clientSubscriptions(deps.db, subscriber.clientId, deps.version, page);
  return searchBundle(deps, 'Subscription', params, rows.map(subscriptionResource), total, page);
}

/** `GET SubscriptionTopic` (R5): the topics; `GET SubscriptionTopic/{id}`: one. */
export function topics(startedAt: string): FhirResource[] {
  return TOPICS.map((item) => topicResource(item, startedAt));
}
