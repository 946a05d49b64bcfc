import type { Executor } from '../../db/executor';
import type { Insertable } from 'kysely';
import type { AlertDigestItemsTable, PushSubscriptionsTable } from '../../db/types';

// All SQL of alert preferences, push subscriptions and digest items. Every function takes the executor.

export function preferencesOf(executor: Executor, userIds: readonly string[]) {
  return executor
    .selectFrom('alertPreferences')
    .select(['userId', 'digestHour', 'events'])
    .where('userId', 'in', userIds.length > 0 ? [...userIds] : ['-'])
    .execute();
}

export async function savePreferences(
  executor: Executor,
  row: { userId: string; digestHour: number; events: string; updatedAt: string },
): Promise<void> {
  await executor
    .insertInto('alertPreferences')
    .values(row)
    .onConflict((oc) =>
      oc.column('userId').doUpdateSet({ digestHour: row.digestHour, events: row.events, updatedAt: row.updatedAt }),
    )
    .execute();
}

/**
 * The subscriptions of these users whose session is live at `now`, for fanning a push out: a
 * device whose session ended or expired hears nothing, even before its row is removed.
 */
export function subscriptionsOf(executor: Executor, userIds: readonly string[], now: string) {
  return executor
    .selectFrom('pushSubscriptions')
    .innerJoin('refreshTokenFamilies', 'refreshTokenFamilies.id', 'pushSubscriptions.sessionId')
    .select(['pushSubscriptions.id', 'pushSubscriptions.userId'])
    .where('pushSubscriptions.userId', 'in', userIds.length > 0 ? [...userIds] : ['-'])
    .where('refreshTokenFamilies.revokedAt', 'is', null)
    .where('refreshTokenFamilies.expiresAt', '>', now)
    .execute();
}

export function listSubscriptions(executor: Executor, userId: string) {
  return executor
    .selectFrom('pushSubscriptions')
    .select(['id', 'label', 'sessionId', 'createdAt', 'lastDeliveredAt'])
    .where('userId', '=', userId)
    .orderBy('createdAt', 'desc')
    .execute();
}

export function findSubscription(executor: Executor, id: string) {
  return executor.selectFrom('pushSubscriptions').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findSubscriptionByEndpoint(executor: Executor, endpoint: string) {
  return executor.selectFrom('pushSubscriptions').selectAll().where('endpoint', '=', endpoint).executeTakeFirst();
}

export async function insertSubscription(executor: Executor, row: Insertable<PushSubscriptionsTable>): Promise<void> {
  await executor.insertInto('pushSubscriptions').values(row).execute();
}

export async function deleteSubscription(executor: Executor, id: string, userId?: string): Promise<number> {
  let query = executor.deleteFrom('pushSubscriptions').where('id', '=', id);
  if (userId !== undefined) {
    query = query.where('userId', '=', userId);
  }
  return Number((await query.executeTakeFirst()).numDeletedRows);
}

export async function deleteSessionSubscriptions(executor: Executor, sessionIds: readonly string[]): Promise<void> {
  if (sessionIds.length > 0) {
    await executor
      .deleteFrom('pushSubscriptions')
      .where('sessionId', 'in', [...sessionIds])
      .execute();
  }
}

export async function deleteUserSubscriptions(executor: Executor, userId: string): Promise<void> {
  await executor.deleteFrom('pushSubscriptions').where('userId', '=', userId).execute();
}

export async function markDelivered(executor: Executor, id: string, at: string): Promise<void> {
  await executor.updateTable('pushSubscriptions').set({ lastDeliveredAt: at }).where('id', '=', id).execute();
}

export async function insertDigestItems(
  executor: Executor,
  rows: readonly Insertable<AlertDigestItemsTable>[],
): Promise<void> {
  if (rows.length > 0) {
    await executor
      .insertInto('alertDigestItems')
      .values([...rows])
      .execute();
  }
}

/** The users with alerts waiting for their digest, with what a digest needs of them. */
export function usersWithPendingDigest(executor: Executor) {
  return executor
    .selectFrom('alertDigestItems')
    .innerJoin('users', 'users.id', 'alertDigestItems.userId')
    .leftJoin('alertPreferences', 'alertPreferences.userId', 'users.id')
    .select(['users.id', 'users.email', 'users.language', 'alertPreferences.digestHour'])
    .select((eb) => [
      eb
        .selectFrom('clinicMembers')
        .innerJoin('clinics', 'clinics.id', 'clinicMembers.clinicId')
        .select('clinics.timeZone')
        .whereRef('clinicMembers.userId', '=', 'users.id')
        .limit(1)
        .as('clinicTimeZone'),
      eb
        .selectFrom('euteMembers')
        .innerJoin('eutes', 'eutes.id', 'euteMembers.euteId')
        .select('eutes.timeZone')
        .whereRef('euteMembers.userId', '=', 'users.id')
        .limit(1)
        .as('bankTimeZone'),
    ])
    .where('alertDigestItems.sentAt', 'is', null)
    .where('users.active', '=', 1)
    .groupBy(['users.id', 'users.email', 'users.language', 'alertPreferences.digestHour'])
    .execute();
}

/** One user's waiting digest items, oldest first. */
export function pendingDigestItems(executor: Executor, userId: string) {
  return executor
    .selectFrom('alertDigestItems')
    .select(['id', 'text', 'link'])
    .where('userId', '=', userId)
    .where('sentAt', 'is', null)
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
}

export async function markDigested(executor: Executor, ids: readonly string[], at: string): Promise<void> {
  if (ids.length > 0) {
    await executor
      .updateTable('alertDigestItems')
      .set({ sentAt: at })
      .where('id', 'in', [...ids])
      .execute();
  }
}

/** Digest items mailed before `before` (kept a while so a user's digest can be told again). */
export async function deleteDigestedBefore(executor: Executor, before: string): Promise<number> {
  const result = await executor
    .deleteFrom('alertDigestItems')
    .where('sentAt', 'is not', null)
    .where('sentAt', '<', before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Claims today's digest for the user: true once per local day, on one instance only (the row is locked). */
export async function claimDigestDay(executor: Executor, userId: string, day: string): Promise<boolean> {
  const result = await executor
    .updateTable('alertPreferences')
    .set({ lastDigestDay: day })
    .where('userId', '=', userId)
    .where((eb) => eb.or([eb('lastDigestDay', 'is', null), eb('lastDigestDay', '<', day)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
