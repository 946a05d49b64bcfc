import { randomUUID } from 'node:crypto';
import type { AuditAction, Message, SessionTokens, UserSession } from '@graftmatch/domain';
import { notFound, unauthorized } from '../../http/problem';
import type { Executor } from '../../db/executor';
import { recordAudit } from '../audit/audit.service';
import { type AuthDeps } from './auth.deps';
import type { RequestContext } from '../../http/request-kit';
import { addDays } from '@graftmatch/domain';
import { clearFailedLogins, findLoginUserById, markUsedOnce } from './auth.repository';
import * as repo from './session.repository';
import { endSessionDevices, endUserDevices } from '../alerts/subscriptions.service';

// A session is a refresh-token family (docs/decisions.md §7): it ends at its absolute limit (365 days),
// after 14 days unused, at logout, or when a rotated refresh token comes back (reuse).

export interface StartedSession {
  sessionId: string;
  accessToken: string;
  refreshToken: string;
  /** Absolute end of the session: the refresh cookie's lifetime. */
  expiresAt: Date;
}

/** A refresh token lives until the idle limit, never past the session's absolute end. */
function refreshExpiry(deps: AuthDeps, now: Date, sessionEnd: Date): Date {
  const idleEnd = addDays(now, deps.config.sessionIdleDays);
  return idleEnd < sessionEnd ? idleEnd : sessionEnd;
}

async function issueTokens(trx: Executor, deps: AuthDeps, userId: string, sessionId: string, sessionEnd: Date) {
  const now = deps.now();
  const tokenId = randomUUID();
  await repo.insertRefreshToken(trx, { id: tokenId, familyId: sessionId, createdAt: now.toISOString() });
  const [accessToken, refreshToken] = await Promise.all([
    deps.tokens.issueAccess({ userId, sessionId }),
    deps.tokens.issueRefresh({ userId, sessionId, tokenId }, refreshExpiry(deps, now, sessionEnd)),
  ]);
  return { accessToken, refreshToken };
}

/** Opens a session after a complete login; runs in the caller's transaction. */
export async function startSession(
  trx: Executor,
  deps: AuthDeps,
  userId: string,
  ctx: RequestContext,
): Promise<StartedSession> {
  const now = deps.now();
  const sessionId = randomUUID();
  const expiresAt = addDays(now, deps.config.sessionAbsoluteDays);
  await repo.insertSession(trx, {
    id: sessionId,
    userId,
    createdAt: now.toISOString(),
    expiresAt: expiresAt.toISOString(),
    userAgent: ctx.userAgent?.slice(0, 300) ?? null,
    ip: ctx.ip,
  });
  return { sessionId, expiresAt, ...(await issueTokens(trx, deps, userId, sessionId, expiresAt)) };
}

/**
 * A login completed, by PIN, passkey or single sign-on: the failed attempts are forgotten, a session starts and
 * `auth.login.success` is audited with how (`after`); runs in the caller's transaction.
 */
export async function completeLogin(
  trx: Executor,
  deps: AuthDeps,
  login: { userId: string; ctx: RequestContext; at: Date; after?: Record<string, unknown> },
): Promise<SessionTokens & { sessionExpiresAt: Date; sessionId: string }> {
  await clearFailedLogins(trx, login.userId);
  const session = await startSession(trx, deps, login.userId, login.ctx);
  await recordAudit(trx, {
    actorUserId: login.userId,
    action: 'auth.login.success',
    targetType: 'session',
    targetId: session.sessionId,
    ...(login.after ? { after: login.after } : {}),
    ip: login.ctx.ip,
    at: login.at,
  });
  return {
    access_Token: session.accessToken,
    refresh_Token: session.refreshToken,
    sessionExpiresAt: session.expiresAt,
    sessionId: session.sessionId,
  };
}

/**
 * How long after its use a refresh token may come back without counting as copied: the answer of a
 * refresh can be lost (a network that drops, a page closed or reloaded mid-call, two tabs refreshing
 * at the same instant), and the client then sends the same cookie again (docs/security.md "Sessions").
 */
export const REFRESH_RETRY_SECONDS = 30;

/** Whether the token was used within the retry window: read anew, after the conditional update lost. */
async function answerWasLost(trx: Executor, tokenId: string, now: Date): Promise<boolean> {
  const usedAt = (await repo.findRefreshToken(trx, tokenId))?.usedAt;
  return (
    usedAt !== null &&
    usedAt !== undefined &&
    now.getTime() - new Date(usedAt).getTime() <= REFRESH_RETRY_SECONDS * 1000
  );
}

type RefreshOutcome = { ok: true; tokens: SessionTokens; expiresAt: Date } | { ok: false; detail: Message };

/**
 * `GET /auth/refresh`: rotates the refresh token. A token that was rotated before and comes back
 * after the retry window means it was copied: the whole family is revoked, for the thief and the
 * owner alike. Within the window it is a retry, and gets tokens of its own.
 */
export async function refreshSession(
  deps: AuthDeps,
  refreshToken: string,
  ctx: RequestContext,
): Promise<{ tokens: SessionTokens; expiresAt: Date }> {
  const claims = await deps.tokens.verifyRefresh(refreshToken);
  if (!claims) {
    throw unauthorized({ key: 'problem.auth.refreshInvalid' });
  }
  const now = deps.now();
  const at = now.toISOString();
  const outcome = await deps.db.transaction().execute(async (trx): Promise<RefreshOutcome> => {
    const [session, token, user] = await Promise.all([
      repo.findSession(trx, claims.sessionId),
      repo.findRefreshToken(trx, claims.tokenId),
      findLoginUserById(trx, claims.userId),
    ]);
    if (!session || !token || token.familyId !== session.id || session.userId !== claims.userId || session.revokedAt) {
      return { ok: false, detail: { key: 'problem.auth.sessionEnded' } };
    }
    const idleSince = addDays(now, -deps.config.sessionIdleDays).toISOString();
    if (session.expiresAt <= at || session.lastUsedAt <= idleSince || !user?.active) {
      await repo.revokeSession(trx, session.id, at, user?.active ? 'expired' : 'inactive');
      return { ok: false, detail: { key: 'problem.auth.sessionEnded' } };
    }
    if (!(await markUsedOnce(trx, 'refreshTokens', token.id, at)) && !(await answerWasLost(trx, token.id, now))) {
      await repo.revokeSession(trx, session.id, at, 'reuse');
      await recordAudit(trx, {
        actorUserId: session.userId,
        action: 'auth.refresh.reuse',
        targetType: 'session',
        targetId: session.id,
        ip: ctx.ip,
        at: now,
      });
      return {
        ok: false,
        detail: { key: 'problem.auth.refreshReused' },
      };
    }
    await repo.touchSession(trx, session.id, at, ctx.ip);
    const expiresAt = new Date(session.expiresAt);
    const issued = await issueTokens(trx, deps, session.userId, session.id, expiresAt);
    return { ok: true, tokens: { access_Token: issued.accessToken, refresh_Token: issued.refreshToken }, expiresAt };
  });
  // Thrown after the commit, so a revocation is kept.
  if (!outcome.ok) {
    throw unauthorized(outcome.detail);
  }
  return { tokens: outcome.tokens, expiresAt: outcome.expiresAt };
}

/** Revokes one session of the user together with its audit row; runs in the caller's transaction. */
async function endSession(
  trx: Executor,
  end: { userId: string; sessionId: string; reason: string; action: AuditAction; ip: string | null; at: Date },
) {
  await repo.revokeSession(trx, end.sessionId, end.at.toISOString(), end.reason);
  await endSessionDevices(trx, [end.sessionId]);
  await recordAudit(trx, {
    actorUserId: end.userId,
    action: end.action,
    targetType: 'session',
    targetId: end.sessionId,
    ip: end.ip,
    at: end.at,
  });
}

/** `GET /users/logout`: ends the caller's session (its whole refresh-token family). */
export async function logout(deps: AuthDeps, userId: string, sessionId: string, ctx: RequestContext): Promise<void> {
  const at = deps.now();
  await deps.db
    .transaction()
    .execute((trx) => endSession(trx, { userId, sessionId, reason: 'logout', action: 'auth.logout', ip: ctx.ip, at }));
}

/** The caller's live sessions, newest use first. */
export async function listSessions(deps: AuthDeps, userId: string) {
  const now = deps.now();
  const idleSince = addDays(now, -deps.config.sessionIdleDays).toISOString();
  return repo.listLiveSessions(deps.db, userId, now.toISOString(), idleSince);
}

/** `GET /users/sessions`: the caller's live sessions, the current one marked. */
export async function getMySessions(deps: AuthDeps, userId: string, currentSessionId: string): Promise<UserSession[]> {
  const sessions = await listSessions(deps, userId);
  return sessions.map((session) => ({ ...session, current: session.id === currentSessionId }));
}

/** Ends one of the caller's own sessions; another user's session is reported as not found. */
export async function endOwnSession(
  deps: AuthDeps,
  userId: string,
  sessionId: string,
  ctx: RequestContext,
): Promise<void> {
  const at = deps.now();
  await deps.db.transaction().execute(async (trx) => {
    const session = await repo.findSession(trx, sessionId);
    if (!session || session.userId !== userId || session.revokedAt) {
      throw notFound({ key: 'problem.auth.noSession' });
    }
    await endSession(trx, { userId, sessionId, reason: 'ended-by-user', action: 'auth.session.end', ip: ctx.ip, at });
  });
}

/**
 * Ends every session of a user, e.g. when an admin deactivates the user or ends the user's
 * sessions. Runs in the caller's transaction; the caller writes the audit row of its change.
 * Access tokens stop working at once, because each request checks its session.
 */
export async function revokeAllSessions(
  executor: Executor,
  userId: string,
  reason: string,
  at: Date = new Date(),
): Promise<number> {
  await endUserDevices(executor, userId);
  return repo.revokeSessionsOfUser(executor, userId, at.toISOString(), reason);
}
