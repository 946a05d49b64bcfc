import { ProblemError, unauthorized, type FieldError } from '../../http/problem';
import { recordAudit } from '../audit/audit.service';
import type { AuthDeps } from './auth.deps';
import { LOCK_MINUTES, MAX_FAILED_LOGINS, isLocked } from './lock-rules';
import type { RequestContext } from '../../http/request-kit';
import { addMinutes, type AuditAction, type MessageParams } from '@graftmatch/domain';
import { incrementFailedLogins, lockUser, releaseLoginAttempt, reserveLoginAttempt } from './auth.repository';

export function lockedProblem(): ProblemError {
  return new ProblemError(
    401,
    'Unauthorized',
    { key: 'problem.auth.locked', params: { minutes: LOCK_MINUTES } },
    { passwordAttempts: 0 },
  );
}

/** What was wrong: its message says so, followed by the attempts left (`count`). */
export interface WrongSecret {
  key: 'problem.auth.wrongLogin' | 'problem.auth.wrongCurrentPassword' | 'problem.auth.wrongPin';
  params?: MessageParams;
}

/** The refusal of a wrong password or PIN, saying how many attempts are left before the lock. */
export function wrongSecretProblem(detail: WrongSecret, failures: number, errors?: FieldError[]): ProblemError {
  const left = Math.max(0, MAX_FAILED_LOGINS - failures);
  return left === 0
    ? lockedProblem()
    : unauthorized(
        { key: detail.key, params: { ...detail.params, count: left } },
        { passwordAttempts: left, ...(errors ? { errors } : {}) },
      );
}

/**
 * Counts a wrong password or PIN against the account (atomically, so parallel guesses all
 * count), locks it at the limit, and writes the audit rows. Answers the failure count.
 */
export async function recordFailedAttempt(
  deps: AuthDeps,
  userId: string,
  ctx: RequestContext,
  action: AuditAction,
): Promise<number> {
  const at = deps.now();
  return deps.db.transaction().execute(async (trx) => {
    const failures = await incrementFailedLogins(trx, userId, at.toISOString());
    const audit = { actorUserId: userId, targetType: 'user' as const, targetId: userId, ip: ctx.ip, at };
    await recordAudit(trx, { ...audit, action, after: { failedLogins: failures } });
    if (failures >= MAX_FAILED_LOGINS) {
      await lockUser(trx, userId, addMinutes(at, LOCK_MINUTES).toISOString());
      await recordAudit(trx, { ...audit, action: 'auth.lockout', after: { lockedMinutes: LOCK_MINUTES } });
    }
    return failures;
  });
}

/**
 * Checks a password against the lockout (docs/security.md): a slot of the failure count is taken
 * before the slow hash runs, so a burst of parallel guesses gets no more checks than the limit. A
 * locked account still runs one hash (against `decoyHash`), so locked, unknown and wrong answers
 * take the same time. A wrong password keeps its slot and throws the countdown; a right one gives
 * the slot back. Throws the refusal, or returns when the password is right and no lock holds.
 */
export async function checkPasswordWithLockout(
  deps: AuthDeps,
  user: { id: string; passwordHash: string | null },
  password: string,
  input: { ctx: RequestContext; action: AuditAction; detail: WrongSecret; decoyHash: string; errors?: FieldError[] },
): Promise<void> {
  const at = deps.now();
  const audit = { actorUserId: user.id, targetType: 'user' as const, targetId: user.id, ip: input.ctx.ip, at };
  const slot = await reserveLoginAttempt(deps.db, user.id, {
    now: at.toISOString(),
    maxFailures: MAX_FAILED_LOGINS,
    lockedUntil: addMinutes(at, LOCK_MINUTES).toISOString(),
  });
  if (slot === undefined) {
    await deps.passwords.verify(input.decoyHash, password);
    await recordAudit(deps.db, { ...audit, action: input.action, after: { reason: 'locked' } });
    throw lockedProblem();
  }
  const matches = await deps.passwords.verify(user.passwordHash ?? input.decoyHash, password);
  if (!matches || user.passwordHash === null) {
    await deps.db.transaction().execute(async (trx) => {
      await recordAudit(trx, { ...audit, action: input.action, after: { failedLogins: slot } });
      if (slot >= MAX_FAILED_LOGINS) {
        await recordAudit(trx, { ...audit, action: 'auth.lockout', after: { lockedMinutes: LOCK_MINUTES } });
      }
    });
    throw wrongSecretProblem(input.detail, slot, input.errors);
  }
  const stillLocked = await releaseLoginAttempt(deps.db, user.id, MAX_FAILED_LOGINS);
  if (isLocked(stillLocked, deps.now())) {
    throw lockedProblem();
  }
}
