import type { Executor } from '../../db/executor';
import { FHIR_NOTIFICATION_KIND, type Mailer } from '../../mail/mailer';
import * as repo from './subscriptions.repository';
import { TOPICS, type GraftEventTrigger } from './subscriptions.topics';

// How an event reaches FHIR subscribers (docs/fhir.md "Subscriptions"): in the transaction of the
// change, each subscription in force of the organisation the topic is for numbers the event and
// queues one notification in the durable outbox. The outbox sends it after the commit, once, on
// whichever instance claims it, and retries it with backoff; the caller wakes the mailer after its commit.

export interface GraftEvent {
  trigger: GraftEventTrigger;
  graftId: string;
  /** The graft's bank, and the clinic it is assigned or requested for (null: none). */
  euteId: string;
  clinicId: string | null;
  at: Date;
}

/** What a queued notification says until it is sent: the event, or a heartbeat. */
export type QueuedNotification =
  | { type: 'event-notification'; eventNumber: number; timestamp: string; graftId: string }
  | { type: 'heartbeat'; timestamp: string };

export function queueNotification(
  executor: Executor,
  mailer: Mailer,
  subscriptionId: string,
  note: QueuedNotification,
) {
  return mailer.enqueue(executor, {
    kind: FHIR_NOTIFICATION_KIND,
    to: subscriptionId,
    subject: note.type,
    text: JSON.stringify(note),
    html: '',
  });
}

/** Queues the event for every subscription in force whose topic it belongs to. */
export async function notifySubscribers(executor: Executor, mailer: Mailer, event: GraftEvent): Promise<void> {
  const timestamp = event.at.toISOString();
  for (const topic of TOPICS.filter((candidate) => candidate.triggers.includes(event.trigger))) {
    const organisationId = topic.organisationType === 'eute' ? event.euteId : event.clinicId;
    if (organisationId === null) {
      continue;
    }
    const subscriptions = await repo.subscriptionsOf(
      executor,
      { type: topic.organisationType, id: organisationId },
      topic.url,
    );
    for (const subscription of subscriptions) {
      const eventNumber = await repo.numberEvent(executor, subscription.id, timestamp);
      await queueNotification(executor, mailer, subscription.id, {
        type: 'event-notification',
        eventNumber,
        timestamp,
        graftId: event.graftId,
      });
    }
  }
}
