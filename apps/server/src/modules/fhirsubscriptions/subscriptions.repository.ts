import type { Insertable, Kysely } from 'kysely';
import type { Executor } from '../../db/executor';
import { engineOf, lockedForChange } from '../../db/dialect';
import { subscriptionsInForce } from '../../queries/fhir-subscriptions';
import type { DB, FhirSubscriptionStatus, FhirSubscriptionsTable, SsoOrganisationType } from '../../db/types';

// All SQL of FHIR subscriptions (docs/fhir.md "Subscriptions"). The caller owns any transaction.

export async function insertSubscription(executor: Executor, row: Insertable<FhirSubscriptionsTable>) {
  await executor.insertInto('fhirSubscriptions').values(row).execute();
}

export function findSubscription(executor: Executor, id: string) {
  return executor.selectFrom('fhirSubscriptions').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A client's subscriptions of one FHIR version, newest first, and how many it has. */
export async function clientSubscriptions(
  executor: Executor,
  clientId: string,
  version: 'R5' | 'R4',
  page: { limit: number; offset: number },
) {
  const of = executor
    .selectFrom('fhirSubscriptions')
    .where('clientId', '=', clientId)
    .where('fhirVersion', '=', version);
  const [rows, total] = await Promise.all([
    of.selectAll().orderBy('createdAt', 'desc').orderBy('id').limit(page.limit).offset(page.offset).execute(),
    of.select((eb) => eb.fn.countAll<number | string>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.count) };
}

/** Locks the client's row: its subscriptions are counted and added one at a time. */
export async function lockClient(executor: Executor, clientId: string): Promise<void> {
  await lockedForChange(
    engineOf(executor),
    executor.selectFrom('systemClients').select('id').where('id', '=', clientId),
  ).execute();
}

/** How many of a client's subscriptions are in force (not switched off). */
export async function countInForce(executor: Executor, clientId: string): Promise<number> {
  const row = await executor
    .selectFrom('fhirSubscriptions')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('clientId', '=', clientId)
    .where('status', '!=', 'off')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function endSubscription(executor: Executor, id: string, at: string): Promise<void> {
  await executor
    .updateTable('fhirSubscriptions')
    .set({ status: 'off', endedAt: at, updatedAt: at })
    .where('id', '=', id)
    .where('status', '!=', 'off')
    .execute();
}

/** The subscriptions in force of an organisation to a topic. */
export function subscriptionsOf(
  executor: Executor,
  organisation: { type: SsoOrganisationType; id: string },
  topic: string,
) {
  return subscriptionsInForce(executor)
    .select(['fhirSubscriptions.id', 'fhirSubscriptions.content'])
    .where('fhirSubscriptions.organisationType', '=', organisation.type)
    .where('fhirSubscriptions.organisationId', '=', organisation.id)
    .where('fhirSubscriptions.topic', '=', topic)
    .orderBy('fhirSubscriptions.id')
    .execute();
}

/**
 * The next event's number of a subscription, counted on its row: the update locks it, so two
 * events at once on two instances get two numbers.
 */
export async function numberEvent(executor: Executor, id: string, at: string): Promise<number> {
  const row = await executor
    .updateTable('fhirSubscriptions')
    .set((eb) => ({ eventsSinceStart: eb('eventsSinceStart', '+', 1), lastSentAt: at }))
    .where('id', '=', id)
    .returning('eventsSinceStart')
    .executeTakeFirstOrThrow();
  return Number(row.eventsSinceStart);
}

/** A delivery went through: the subscription is active again, its failures forgotten. */
export async function markDelivered(db: Kysely<DB>, id: string, at: string): Promise<void> {
  await db
    .updateTable('fhirSubscriptions')
    .set({ status: 'active', failedAttempts: 0, lastError: null, errorSince: null, lastDeliveredAt: at, updatedAt: at })
    .where('id', '=', id)
    .where('status', '!=', 'off')
    .execute();
}

/** A delivery failed: counted; at `limit` failures in a row the subscription is in error. */
export async function markFailed(
  db: Kysely<DB>,
  input: { id: string; error: string; at: string; limit: number },
): Promise<void> {
  await db
    .updateTable('fhirSubscriptions')
    .set((eb) => ({
      failedAttempts: eb('failedAttempts', '+', 1),
      lastError: input.error,
      updatedAt: input.at,
      status: eb
        .case()
        .when('failedAttempts', '>=', input.limit - 1)
        .then(eb.val<FhirSubscriptionStatus>('error'))
        .else(eb.ref('status'))
        .end(),
      errorSince: eb
        .case()
        .when(eb.and([eb('failedAttempts', '>=', input.limit - 1), eb('errorSince', 'is', null)]))
        .then(input.at)
        .else(eb.ref('errorSince'))
        .end(),
    }))
    .where('id', '=', input.id)
    .where('status', '!=', 'off')
    .execute();
}

/** The subscriptions in force with a heartbeat, and when their last notification was queued. */
export function heartbeatSubscriptions(executor: Executor) {
  return subscriptionsInForce(executor)
    .select([
      'fhirSubscriptions.id',
      'fhirSubscriptions.heartbeatSeconds',
      'fhirSubscriptions.lastSentAt',
      'fhirSubscriptions.createdAt',
    ])
    .where('fhirSubscriptions.heartbeatSeconds', 'is not', null)
    .execute();
}

/** Stamps a heartbeat, unless another notification was queued since `seen` (then none is due). */
export async function stampHeartbeat(executor: Executor, id: string, seen: string | null, at: string) {
  const result = await executor
    .updateTable('fhirSubscriptions')
    .set({ lastSentAt: at })
    .where('id', '=', id)
    .where((eb) => (seen === null ? eb('lastSentAt', 'is', null) : eb('lastSentAt', '=', seen)))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A subscription while it is in force (not off, its client not revoked): whom a notification still goes to. */
export function subscriptionInForce(executor: Executor, id: string) {
  return subscriptionsInForce(executor)
    .selectAll('fhirSubscriptions')
    .where('fhirSubscriptions.id', '=', id)
    .executeTakeFirst();
}
