import type { Executor } from '../../db/executor';

// Sessions are refresh-token families: one per login, a new token at every refresh.

export async function insertSession(
  executor: Executor,
  row: {
    id: string;
    userId: string;
    createdAt: string;
    expiresAt: string;
    userAgent: string | null;
    ip: string | null;
  },
) {
  await executor
    .insertInto('refreshTokenFamilies')
    .values({ ...row, lastUsedAt: row.createdAt })
    .execute();
}

export async function insertRefreshToken(executor: Executor, row: { id: string; familyId: string; createdAt: string }) {
  await executor.insertInto('refreshTokens').values(row).execute();
}

export function findSession(executor: Executor, id: string) {
  return executor.selectFrom('refreshTokenFamilies').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findRefreshToken(executor: Executor, id: string) {
  return executor.selectFrom('refreshTokens').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function touchSession(executor: Executor, id: string, lastUsedAt: string, ip: string | null) {
  await executor.updateTable('refreshTokenFamilies').set({ lastUsedAt, ip }).where('id', '=', id).execute();
}

export async function revokeSession(executor: Executor, id: string, revokedAt: string, reason: string) {
  await executor
    .updateTable('refreshTokenFamilies')
    .set({ revokedAt, revokedReason: reason })
    .where('id', '=', id)
    .where('revokedAt', 'is', null)
    .execute();
}

/** Ends every live session of the user except `keepSessionId`; answers how many ended. */
export async function revokeSessionsOfUser(
  executor: Executor,
  userId: string,
  revokedAt: string,
  reason: string,
  keepSessionId: string | null = null,
): Promise<number> {
  let query = executor
    .updateTable('refreshTokenFamilies')
    .set({ revokedAt, revokedReason: reason })
    .where('userId', '=', userId)
    .where('revokedAt', 'is', null);
  if (keepSessionId) {
    query = query.where('id', '!=', keepSessionId);
  }
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** A user's live sessions: not revoked, before their absolute end, used since `idleSince`. */
export function listLiveSessions(executor: Executor, userId: string, now: string, idleSince: string) {
  return executor
    .selectFrom('refreshTokenFamilies')
    .select(['id', 'createdAt', 'lastUsedAt', 'expiresAt', 'userAgent', 'ip'])
    .where('userId', '=', userId)
    .where('revokedAt', 'is', null)
    .where('expiresAt', '>', now)
    .where('lastUsedAt', '>', idleSince)
    .orderBy('lastUsedAt', 'desc')
    .execute();
}
