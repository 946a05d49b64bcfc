import type { Executor } from '../../db/executor';
import type { NewUserRow, RecoveryPurpose } from '../../db/types';

// All SQL of logging in: accounts, two-factor challenges, recovery tokens.
// Timestamps are ISO-8601 text, so comparing text compares time on both engines.

const LOGIN_COLUMNS = [
  'id',
  'email',
  'passwordHash',
  'title',
  'firstName',
  'lastName',
  'language',
  'active',
  'twoFactorTarget',
  'failedLogins',
  'lockedUntil',
  'admin',
] as const;

export function findLoginUserByEmail(executor: Executor, email: string) {
  return executor.selectFrom('users').select(LOGIN_COLUMNS).where('email', '=', email).executeTakeFirst();
}

export function findLoginUserById(executor: Executor, userId: string) {
  return executor.selectFrom('users').select(LOGIN_COLUMNS).where('id', '=', userId).executeTakeFirst();
}
export type LoginUser = NonNullable<Awaited<ReturnType<typeof findLoginUserById>>>;

export async function insertUser(executor: Executor, row: NewUserRow): Promise<void> {
  await executor.insertInto('users').values(row).execute();
}

/**
 * Counts a failed login of an address with no account the way `reserveLoginAttempt` counts a real
 * one: one more failure, the lock at `maxFailures`, and a fresh count once the lock has passed;
 * while the lock holds the count stays. One statement, so parallel guesses on any instance all
 * count. Rows untouched since `forgetBefore` are dropped first. Answers the failure count.
 */
export async function countUnknownAccountFailure(
  executor: Executor,
  input: { addressKey: string; now: string; maxFailures: number; lockedUntil: string; forgetBefore: string },
): Promise<number> {
  await executor.deleteFrom('unknownLoginAttempts').where('updatedAt', '<', input.forgetBefore).execute();
  const row = await executor
    .insertInto('unknownLoginAttempts')
    .values({
      addressKey: input.addressKey,
      failures: 1,
      lockedUntil: input.maxFailures <= 1 ? input.lockedUntil : null,
      updatedAt: input.now,
    })
    .onConflict((oc) =>
      oc.column('addressKey').doUpdateSet((eb) => {
        const held = eb('unknownLoginAttempts.lockedUntil', '>', input.now);
        const passed = eb('unknownLoginAttempts.lockedUntil', '<=', input.now);
        return {
          failures: eb
            .case()
            .when(held)
            .then(eb.ref('unknownLoginAttempts.failures'))
            .when(passed)
            .then(1)
            .else(eb('unknownLoginAttempts.failures', '+', 1))
            .end(),
          lockedUntil: eb
            .case()
            .when(held)
            .then(eb.ref('unknownLoginAttempts.lockedUntil'))
            .when(passed)
            .then(null)
            .when('unknownLoginAttempts.failures', '>=', input.maxFailures - 1)
            .then(input.lockedUntil)
            .else(null)
            .end(),
          updatedAt: input.now,
        };
      }),
    )
    .returning('failures')
    .executeTakeFirstOrThrow();
  return row.failures;
}

/** Adds one failed attempt and answers the new count; atomic, so parallel guesses all count. */
export async function incrementFailedLogins(executor: Executor, userId: string, updatedAt: string): Promise<number> {
  const row = await executor
    .updateTable('users')
    .set((eb) => ({ failedLogins: eb('failedLogins', '+', 1), updatedAt }))
    .where('id', '=', userId)
    .returning('failedLogins')
    .executeTakeFirstOrThrow();
  return row.failedLogins;
}

/**
 * Takes one slot of the failure count before a password is checked, in one statement, so parallel
 * guesses cannot get more checks than the limit; the slot that fills the count locks the account at
 * once. An expired lock first starts the count again. Answers the slot's number, or undefined when
 * the account is locked (docs/security.md).
 */
export async function reserveLoginAttempt(
  executor: Executor,
  userId: string,
  input: { now: string; maxFailures: number; lockedUntil: string },
): Promise<number | undefined> {
  await executor
    .updateTable('users')
    .set({ failedLogins: 0, lockedUntil: null })
    .where('id', '=', userId)
    .where('lockedUntil', '<=', input.now)
    .execute();
  const row = await executor
    .updateTable('users')
    .set((eb) => ({
      failedLogins: eb('failedLogins', '+', 1),
      lockedUntil: eb
        .case()
        .when('failedLogins', '>=', input.maxFailures - 1)
        .then(input.lockedUntil)
        .else(null)
        .end(),
    }))
    .where('id', '=', userId)
    .where('lockedUntil', 'is', null)
    .where('failedLogins', '<', input.maxFailures)
    .returning('failedLogins')
    .executeTakeFirst();
  return row?.failedLogins;
}

/**
 * Gives back a slot whose password was right; a lock the count no longer reaches is lifted. Answers
 * the lock that still holds (a wrong PIN may have locked meanwhile), or null.
 */
export async function releaseLoginAttempt(
  executor: Executor,
  userId: string,
  maxFailures: number,
): Promise<string | null> {
  const row = await executor
    .updateTable('users')
    .set((eb) => ({
      failedLogins: eb('failedLogins', '-', 1),
      lockedUntil: eb.case().when('failedLogins', '<=', maxFailures).then(null).else(eb.ref('lockedUntil')).end(),
    }))
    .where('id', '=', userId)
    .where('failedLogins', '>', 0)
    .returning('lockedUntil')
    .executeTakeFirst();
  return row?.lockedUntil ?? null;
}

export async function lockUser(executor: Executor, userId: string, lockedUntil: string): Promise<void> {
  await executor.updateTable('users').set({ lockedUntil }).where('id', '=', userId).execute();
}

export async function clearFailedLogins(executor: Executor, userId: string): Promise<void> {
  await executor.updateTable('users').set({ failedLogins: 0, lockedUntil: null }).where('id', '=', userId).execute();
}

export async function updatePasswordHash(executor: Executor, userId: string, passwordHash: string, at: string) {
  await executor
    .updateTable('users')
    .set({ passwordHash, passwordChangedAt: at, updatedAt: at, failedLogins: 0, lockedUntil: null })
    .where('id', '=', userId)
    .execute();
}

export async function insertChallenge(
  executor: Executor,
  row: { id: string; userId: string; pinHash: string; createdAt: string; expiresAt: string },
) {
  await executor.insertInto('twoFactorChallenges').values(row).execute();
}

export function findChallenge(executor: Executor, id: string) {
  return executor.selectFrom('twoFactorChallenges').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Voids every open challenge of the user: only the newest PIN may work. */
export async function voidOpenChallenges(executor: Executor, userId: string, voidedAt: string) {
  await executor
    .updateTable('twoFactorChallenges')
    .set({ voidedAt })
    .where('userId', '=', userId)
    .where('usedAt', 'is', null)
    .where('voidedAt', 'is', null)
    .execute();
}

/** A fresh PIN for the same challenge: new hash, new lifetime, tries from zero. */
export async function rearmChallenge(executor: Executor, id: string, pinHash: string, expiresAt: string) {
  await executor
    .updateTable('twoFactorChallenges')
    .set({ pinHash, expiresAt, attempts: 0, voidedAt: null })
    .where('id', '=', id)
    .where('usedAt', 'is', null)
    .execute();
}

/**
 * Takes one try of a live challenge before the PIN is compared, in one statement, so parallel
 * guesses cannot get more than `maxTries` comparisons. Answers the try's number and the PIN hash
 * it is to be compared with, or undefined when the challenge is used, voided, expired or out of tries.
 */
export async function reservePinTry(executor: Executor, id: string, maxTries: number, now: string) {
  return executor
    .updateTable('twoFactorChallenges')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where('usedAt', 'is', null)
    .where('voidedAt', 'is', null)
    .where('expiresAt', '>', now)
    .where('attempts', '<', maxTries)
    .returning(['attempts', 'pinHash'])
    .executeTakeFirst();
}

export async function voidChallenge(executor: Executor, id: string, voidedAt: string) {
  await executor.updateTable('twoFactorChallenges').set({ voidedAt }).where('id', '=', id).execute();
}

/** True when this call used the challenge; false when another request used it first. */
export async function markChallengeUsed(executor: Executor, id: string, usedAt: string): Promise<boolean> {
  const result = await executor
    .updateTable('twoFactorChallenges')
    .set({ usedAt })
    .where('id', '=', id)
    .where('usedAt', 'is', null)
    .where('voidedAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertRecoveryToken(
  executor: Executor,
  row: {
    id: string;
    userId: string;
    tokenHash: string;
    purpose: RecoveryPurpose;
    createdAt: string;
    expiresAt: string;
  },
) {
  await executor.insertInto('recoveryTokens').values(row).execute();
}

/** Ends the user's unused links of that purpose: only the newest link works. */
export async function expireOpenRecoveryTokens(
  executor: Executor,
  userId: string,
  purpose: RecoveryPurpose,
  at: string,
) {
  await executor
    .updateTable('recoveryTokens')
    .set({ usedAt: at })
    .where('userId', '=', userId)
    .where('purpose', '=', purpose)
    .where('usedAt', 'is', null)
    .execute();
}

export function findRecoveryToken(executor: Executor, tokenHash: string) {
  return executor.selectFrom('recoveryTokens').selectAll().where('tokenHash', '=', tokenHash).executeTakeFirst();
}

/**
 * Marks a single-use row (a recovery link, a refresh token) used, in one conditional update.
 * True when this call used it; false when it was used before, or by a parallel call.
 */
export async function markUsedOnce(
  executor: Executor,
  table: 'recoveryTokens' | 'refreshTokens',
  id: string,
  usedAt: string,
): Promise<boolean> {
  const result = await executor
    .updateTable(table)
    .set({ usedAt })
    .where('id', '=', id)
    .where('usedAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
