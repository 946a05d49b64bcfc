import type { Kysely } from 'kysely';
import type { DB, FhirSubscriptionRow } from '../../db/types';
import { ProblemError } from '../../http/problem';
import type { OutboxDelivery } from '../../mail/mail-worker';
import type { FhirResource } from '../fhir/fhir.mapping';
import { fhirBase, readProduct } from '../fhir/fhir.service';
import type { QueuedNotification } from './subscriptions.events';
import { writeSubscriptionAnswer } from './subscriptions.r4';
import {
  NOTIFICATION_CONTENT_TYPE,
  NOTIFICATION_TIMEOUT_SECONDS,
  notificationBundle,
  subscriptionStatus,
} from './subscriptions.resource';
import * as repo from './subscriptions.repository';

// The rest-hook channel (docs/fhir.md "Subscriptions"): the mail worker hands each queued
// notification here; it is written as a Bundle in the subscription's version and POSTed to its
// endpoint. A refusal or no answer within the timeout counts against the subscription (in error
// after FAILURES_BEFORE_ERROR in a row) and the outbox tries again with backoff; an answer in 2xx
// sets it active again. A full-resource notification carries the graft as it is when sent, and
// only while the subscriber's organisation may read it.

/** Failed deliveries in a row after which a subscription is in error (and the admin's home shows it). */
export const FAILURES_BEFORE_ERROR = 5;

/** The subscription ended (or its client was revoked): its notifications are dropped, not retried. */
class SubscriptionGone extends Error {
  readonly responseCode = 550;
}

export function createNotificationSender(deps: { db: Kysely<DB>; now: () => Date; publicUrl: string }): OutboxDelivery {
  async function focusOf(subscription: FhirSubscriptionRow, graftId: string): Promise<FhirResource[]> {
    try {
      const product = await readProduct(
        { db: deps.db, now: deps.now, publicUrl: deps.publicUrl, startedAt: '', version: subscription.fhirVersion },
        {
          kind: 'machine',
          reader: { machineOf: { type: subscription.organisationType, id: subscription.organisationId } },
          scopes: 'all',
        },
        graftId,
      );
      return [product];
    } catch (error) {
      // No longer the organisation's to read: the notification names the event, without the graft.
      if (error instanceof ProblemError && error.status === 404) {
        return [];
      }
      throw error;
    }
  }

  return {
    async deliver(subscriptionId, payload) {
      const subscription = await repo.subscriptionInForce(deps.db, subscriptionId);
      if (!subscription) {
        throw new SubscriptionGone('the subscription was ended');
      }
      const note = JSON.parse(payload) as QueuedNotification;
      const base = fhirBase(deps, subscription.fhirVersion);
      const events =
        note.type === 'event-notification'
          ? [{ eventNumber: note.eventNumber, timestamp: note.timestamp, graftId: note.graftId }]
          : [];
      const status = subscriptionStatus(subscription, note.type, base, events, subscription.content !== 'empty');
      const focus =
        note.type === 'event-notification' && subscription.content === 'full-resource'
          ? await focusOf(subscription, note.graftId)
          : [];
      const at = deps.now().toISOString();
      const bundle = writeSubscriptionAnswer(subscription.fhirVersion)(notificationBundle(status, focus, base, at));
      let failure: string | null = null;
      try {
        const answer = await fetch(subscription.endpoint, {
          method: 'POST',
          headers: { 'content-type': NOTIFICATION_CONTENT_TYPE },
          body: JSON.stringify(bundle),
          signal: AbortSignal.timeout(NOTIFICATION_TIMEOUT_SECONDS * 1000),
          redirect: 'error',
        });
        await answer.body?.cancel();
        failure = answer.ok ? null : `the endpoint answered ${answer.status}`;
      } catch (error) {
        failure = `the endpoint could not be reached: ${(error as Error).message}`;
      }
      if (failure !== null) {
        await repo.markFailed(deps.db, { id: subscription.id, error: failure, at, limit: FAILURES_BEFORE_ERROR });
        throw new Error(failure);
      }
      await repo.markDelivered(deps.db, subscription.id, at);
    },
  };
}
