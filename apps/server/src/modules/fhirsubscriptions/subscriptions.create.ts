import { randomUUID } from 'node:crypto';
import { badRequest, conflict } from '../../http/problem';
import { recordAudit } from '../audit/audit.service';
import type { FhirCaller } from '../fhir/fhir.caller';
import { subscriptionFromR4 } from './subscriptions.r4';
import { requireProductScope, subscriberOf, type FhirSubscriptionDeps } from './subscriptions.caller';
import { readSubscription, subscriptionResource } from './subscriptions.resource';
import * as repo from './subscriptions.repository';
import { topicByUrl } from './subscriptions.topics';

/** How many subscriptions in force a client may hold. */
export const MAX_SUBSCRIPTIONS_PER_CLIENT = 20;

/**
 * `POST Subscription`: a system client subscribes its organisation's endpoint to one of our topics
 * (docs/fhir.md "Subscriptions"). It is active at once; the answer is the Subscription as stored.
 * The count is checked on the client's rows in the transaction that adds one.
 */
export async function createSubscription(deps: FhirSubscriptionDeps, caller: FhirCaller, body: unknown, ip: string) {
  const subscriber = subscriberOf(caller);
  requireProductScope(subscriber);
  const input = deps.version === 'R4' ? subscriptionFromR4(body) : readSubscription(body);
  const topic = topicByUrl(input.topic)!;
  if (topic.organisationType !== subscriber.organisation.type) {
    throw badRequest({ key: 'problem.subscriptions.topicNotYours', params: { topic: topic.url } });
  }
  const now = deps.now();
  const at = now.toISOString();
  const id = randomUUID();
  const row = await deps.db.transaction().execute(async (trx) => {
    await repo.lockClient(trx, subscriber.clientId);
    if ((await repo.countInForce(trx, subscriber.clientId)) >= MAX_SUBSCRIPTIONS_PER_CLIENT) {
      throw conflict({ key: 'problem.subscriptions.tooMany', params: { max: MAX_SUBSCRIPTIONS_PER_CLIENT } });
    }
    await repo.insertSubscription(trx, {
      id,
      clientId: subscriber.clientId,
      organisationType: subscriber.organisation.type,
      organisationId: subscriber.organisation.id,
      fhirVersion: deps.version,
      topic: input.topic,
      name: input.name,
      reason: input.reason,
      endpoint: input.endpoint,
      content: input.content,
      heartbeatSeconds: input.heartbeatSeconds,
      status: 'active',
      lastSentAt: at,
      createdAt: at,
      updatedAt: at,
      endedAt: null,
    });
    await recordAudit(trx, {
      actorUserId: null,
      action: 'fhirsubscription.create',
      targetType: 'fhirSubscription',
      targetId: id,
      after: { clientId: subscriber.clientId, topic: input.topic, endpoint: input.endpoint, content: input.content },
      ip,
      at: now,
    });
    return (await repo.findSubscription(trx, id))!;
  });
  return subscriptionResource(row);
}
