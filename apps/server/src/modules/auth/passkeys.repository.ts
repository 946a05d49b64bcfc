import type { Executor } from '../../db/executor';
import type { NewPasskeyRow, PasskeyChallengePurpose } from '../../db/types';

// All SQL of passkeys (docs/security.md "Passkeys"): the credentials, their challenges, and the
// app-wide sign-in setting. Timestamps are ISO-8601 text, so comparing text compares time.

const PASSKEY_COLUMNS = [
  'id',
  'userId',
  'credentialId',
  'publicKey',
  'counter',
  'transports',
  'backupEligible',
  'backedUp',
  'name',
  'createdAt',
  'lastUsedAt',
] as const;

export function listPasskeysOf(executor: Executor, userId: string) {
  return executor
    .selectFrom('passkeys')
    .select(PASSKEY_COLUMNS)
    .where('userId', '=', userId)
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
}
export type StoredPasskey = Awaited<ReturnType<typeof listPasskeysOf>>[number];

export function findPasskeyByCredentialId(executor: Executor, credentialId: string) {
  return executor
    .selectFrom('passkeys')
    .select(PASSKEY_COLUMNS)
    .where('credentialId', '=', credentialId)
    .executeTakeFirst();
}

/** One passkey of this user; another user's is undefined, as if it did not exist. */
export function findOwnPasskey(executor: Executor, userId: string, id: string) {
  return executor
    .selectFrom('passkeys')
    .select(PASSKEY_COLUMNS)
    .where('id', '=', id)
    .where('userId', '=', userId)
    .executeTakeFirst();
}

export async function countPasskeysOf(executor: Executor, userId: string): Promise<number> {
  const row = await executor
    .selectFrom('passkeys')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('userId', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The ids among `userIds` of users with at least one passkey. */
export async function usersWithPasskeys(executor: Executor, userIds: readonly string[]): Promise<string[]> {
  const rows = await executor
    .selectFrom('passkeys')
    .select('userId')
    .distinct()
    .where('userId', 'in', [...userIds])
    .execute();
  return rows.map((row) => row.userId);
}

export async function insertPasskey(executor: Executor, row: NewPasskeyRow): Promise<void> {
  await executor.insertInto('passkeys').values(row).execute();
}

export async function renamePasskey(executor: Executor, userId: string, id: string, name: string): Promise<boolean> {
  const result = await executor
    .updateTable('passkeys')
    .set({ name })
    .where('id', '=', id)
    .where('userId', '=', userId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deletePasskey(executor: Executor, userId: string, id: string): Promise<boolean> {
  const result = await executor
    .deleteFrom('passkeys')
    .where('id', '=', id)
    .where('userId', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/**
 * Records a sign-in: the new counter, backup state and time of use, in one conditional update. A
 * counter must grow, unless the authenticator keeps none (0 before and after); so of two sign-ins
 * with one counter value (a cloned authenticator), only one is taken. False when it was not.
 */
export async function recordPasskeyUse(
  executor: Executor,
  input: { id: string; oldCounter: number; newCounter: number; backedUp: 0 | 1; at: string },
): Promise<boolean> {
  let update = executor
    .updateTable('passkeys')
    .set({ counter: input.newCounter, backedUp: input.backedUp, lastUsedAt: input.at })
    .where('id', '=', input.id)
    .where('counter', '=', input.oldCounter);
  if (input.newCounter === 0 && input.oldCounter === 0) {
    update = update.where('counter', '=', 0);
  } else if (input.newCounter <= input.oldCounter) {
    return false;
  }
  const result = await update.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A challenge, kept as a keyed hash; expired ones older than a day are dropped first. */
export async function insertPasskeyChallenge(
  executor: Executor,
  row: {
    id: string;
    userId: string | null;
    purpose: PasskeyChallengePurpose;
    challengeHash: string;
    createdAt: string;
    expiresAt: string;
  },
  forgetBefore: string,
): Promise<void> {
  await executor.deleteFrom('passkeyChallenges').where('expiresAt', '<', forgetBefore).execute();
  await executor.insertInto('passkeyChallenges').values(row).execute();
}

/**
 * Uses a live challenge of this purpose, in one conditional update, and answers it; undefined
 * when it is unknown, used, expired or of another purpose. Taken before the answer is checked, so
 * each challenge is checked once, whatever the outcome.
 */
export function takePasskeyChallenge(executor: Executor, id: string, purpose: PasskeyChallengePurpose, now: string) {
  return executor
    .updateTable('passkeyChallenges')
    .set({ usedAt: now })
    .where('id', '=', id)
    .where('purpose', '=', purpose)
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', now)
    .returning(['id', 'userId', 'challengeHash'])
    .executeTakeFirst();
}

/**
 * The user's password was set through a mailed link (recovery or invitation) at or after `since`:
 * the link's use and the password change carry one timestamp. A link merely ended by a newer one
 * changed no password, so it does not count.
 */
export async function passwordSetByLinkSince(executor: Executor, userId: string, since: string): Promise<boolean> {
  const row = await executor
    .selectFrom('users')
    .innerJoin('recoveryTokens', (join) =>
      join
        .onRef('recoveryTokens.userId', '=', 'users.id')
        .onRef('recoveryTokens.usedAt', '=', 'users.passwordChangedAt'),
    )
    .select('users.id')
    .where('users.id', '=', userId)
    .where('users.passwordChangedAt', '>=', since)
    .executeTakeFirst();
  return row !== undefined;
}

export async function readSetting(executor: Executor, key: string): Promise<string | undefined> {
  const row = await executor.selectFrom('appSettings').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value;
}

export async function writeSetting(
  executor: Executor,
  row: { key: string; value: string; updatedAt: string; updatedBy: string | null },
): Promise<void> {
  await executor
    .insertInto('appSettings')
    .values(row)
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({ value: row.value, updatedAt: row.updatedAt, updatedBy: row.updatedBy }),
    )
    .execute();
}
