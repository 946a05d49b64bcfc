import { randomUUID } from 'node:crypto';
import { fullName, webPaths, type AuditAction } from '@graftmatch/domain';
import type { RecoveryPurpose } from '../../db/types';
import { badRequest, fieldError, notFound } from '../../http/problem';
import type { QueuedMail } from '../../mail/mailer';
import { invitationMail, recoveryMail, ssoInvitationMail } from '../../mail/templates/password-link';
import type { Executor } from '../../db/executor';
import { recordAudit } from '../audit/audit.service';
import { type AuthDeps } from './auth.deps';
import type { RequestContext } from '../../http/request-kit';
import { addDays, addMinutes } from '@graftmatch/domain';
import * as repo from './auth.repository';
import { checkPasswordWithLockout } from './lockout';
import { assertAcceptablePassword } from './password-policy';
import { randomToken } from '../../identity/secrets';
import { revokeSessionsOfUser } from './session.repository';
import { refusePasswordOfSso, ssoOrganisationOf } from './sso-password-rule';

/** A recovery link works once, for one hour (docs/decisions.md §7). */
export const RECOVERY_MINUTES = 60;
/** An invitation waits longer: the new user may read it days later. */
export const INVITATION_DAYS = 7;

/** The link of a set-password mail, to the web app's form. */
function passwordLink(deps: AuthDeps, token: string): string {
  return `${deps.config.publicUrl}${webPaths.recover(token)}`;
}

/** A new set-password link in the caller's transaction; older unused links of the purpose end. */
export async function issuePasswordLink(
  trx: Executor,
  deps: AuthDeps,
  userId: string,
  purpose: RecoveryPurpose,
  expiresAt: Date,
) {
  const token = randomToken();
  const now = deps.now().toISOString();
  await repo.expireOpenRecoveryTokens(trx, userId, purpose, now);
  await repo.insertRecoveryToken(trx, {
    id: randomUUID(),
    userId,
    tokenHash: deps.secrets.hash(token),
    purpose,
    createdAt: now,
    expiresAt: expiresAt.toISOString(),
  });
  return passwordLink(deps, token);
}

/** Issues a set-password link together with its audit row and its mail, in one transaction. */
async function issueAuditedLink(
  deps: AuthDeps,
  link: { userId: string; purpose: RecoveryPurpose; expiresAt: Date },
  audit: { action: AuditAction; actorUserId: string | null; ip: string | null; at: Date },
  mail: (link: string) => QueuedMail,
): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    const issued = await issuePasswordLink(trx, deps, link.userId, link.purpose, link.expiresAt);
    await recordAudit(trx, { ...audit, targetType: 'user', targetId: link.userId });
    await deps.mailer.enqueue(trx, mail(issued));
  });
  deps.mailer.wake();
}

/**
 * `POST /auth/recoveryrequest`: mails a link when an active account has this address, and
 * behaves the same either way. The mail is only queued, so the answer's time does not tell. An
 * address its organisation signs in (single sign-on) is refused with 403, account or not.
 */
export async function requestRecovery(deps: AuthDeps, email: string, ctx: RequestContext): Promise<void> {
  const address = email.trim().toLowerCase();
  const user = await repo.findLoginUserByEmail(deps.db, address);
  await refusePasswordOfSso(deps, { email: address, userId: user?.id ?? null });
  if (!user || !user.active) {
    return;
  }
  const now = deps.now();
  await issueAuditedLink(
    deps,
    { userId: user.id, purpose: 'recovery', expiresAt: addMinutes(now, RECOVERY_MINUTES) },
    { action: 'auth.recovery.request', actorUserId: user.id, ip: ctx.ip, at: now },
    (link) => ({
      kind: 'recovery',
      to: user.email,
      ...recoveryMail(user.language, { name: fullName(user), link, validMinutes: RECOVERY_MINUTES }),
    }),
  );
}

/**
 * `POST /auth/recovery/{token}`: sets the password through a recovery or invitation link, once.
 * It does not log in (the second factor is never bypassed) and ends every session of the user.
 */
export async function recoverPassword(
  deps: AuthDeps,
  token: string,
  password: string,
  ctx: RequestContext,
): Promise<void> {
  const invalid = () => badRequest({ key: 'problem.linkInvalid' });
  const now = deps.now();
  const link = await repo.findRecoveryToken(deps.db, deps.secrets.hash(token));
  if (!link || link.usedAt !== null || link.expiresAt <= now.toISOString()) {
    throw invalid();
  }
  const user = await repo.findLoginUserById(deps.db, link.userId);
  if (!user?.active) {
    throw invalid();
  }
  // The link stays unused: should the organisation's sign-on be removed, it still works.
  await refusePasswordOfSso(deps, { email: user.email, userId: user.id });
  assertAcceptablePassword('password', password, { email: user.email });
  // Hashing is slow on purpose; it stays outside the transaction so no write lock waits for it.
  const passwordHash = await deps.passwords.hash(password);
  await deps.db.transaction().execute(async (trx) => {
    if (!(await repo.markUsedOnce(trx, 'recoveryTokens', link.id, now.toISOString()))) {
      throw invalid();
    }
    await repo.updatePasswordHash(trx, user.id, passwordHash, now.toISOString());
    const ended = await revokeSessionsOfUser(trx, user.id, now.toISOString(), 'password-recovery');
    const action = link.purpose === 'invite' ? 'auth.invitation.accept' : 'auth.recovery.complete';
    await recordAudit(trx, {
      actorUserId: user.id,
      action,
      targetType: 'user',
      targetId: user.id,
      after: { sessionsEnded: ended },
      ip: ctx.ip,
      at: now,
    });
  });
}

/**
 * `POST /users/resetpassword`: a logged-in user changes the password. A wrong old password
 * counts like a wrong login, so a left-open session cannot be used to guess it. Every other
 * session of the user ends.
 */
export async function changePassword(
  deps: AuthDeps,
  caller: { userId: string; sessionId: string },
  body: { oldPassword: string; newPassword: string },
  ctx: RequestContext,
): Promise<void> {
  const now = deps.now();
  const user = await repo.findLoginUserById(deps.db, caller.userId);
  if (!user?.passwordHash) {
    throw notFound({ key: 'problem.noUser' });
  }
  await checkPasswordWithLockout(deps, user, body.oldPassword, {
    ctx,
    action: 'auth.password.change.failure',
    detail: { key: 'problem.auth.wrongCurrentPassword' },
    decoyHash: user.passwordHash,
    errors: [fieldError('oldPassword', { key: 'validation.wrongPassword' })],
  });
  assertAcceptablePassword('newPassword', body.newPassword, { email: user.email });
  if (body.newPassword === body.oldPassword) {
    throw badRequest({ key: 'problem.samePassword' }, [fieldError('newPassword', { key: 'validation.samePassword' })]);
  }
  const passwordHash = await deps.passwords.hash(body.newPassword);
  await deps.db.transaction().execute(async (trx) => {
    await repo.updatePasswordHash(trx, user.id, passwordHash, now.toISOString());
    const ended = await revokeSessionsOfUser(trx, user.id, now.toISOString(), 'password-change', caller.sessionId);
    await recordAudit(trx, {
      actorUserId: user.id,
      action: 'auth.password.change',
      targetType: 'user',
      targetId: user.id,
      after: { otherSessionsEnded: ended },
      ip: ctx.ip,
      at: now,
    });
  });
}

/**
 * Mails a new user (created by an admin, without a password) a link to choose one. For the
 * admin service to call after the user's row is committed; writes its own audit row.
 */
export async function sendInvitation(
  deps: AuthDeps,
  userId: string,
  actor: { userId: string | null; ip: string | null },
): Promise<void> {
  const user = await repo.findLoginUserById(deps.db, userId);
  if (!user) {
    throw notFound({ key: 'problem.noUser' });
  }
  const now = deps.now();
  const organisation = await ssoOrganisationOf(deps, user.email, user.id);
  if (organisation !== null) {
    // No password to choose: the mail shows the way in through the organisation's provider.
    await deps.db.transaction().execute(async (trx) => {
      await recordAudit(trx, {
        action: 'auth.invitation.send',
        actorUserId: actor.userId,
        ip: actor.ip,
        at: now,
        targetType: 'user',
        targetId: user.id,
        after: { singleSignOn: organisation },
      });
      await deps.mailer.enqueue(trx, {
        kind: 'invitation',
        to: user.email,
        ...ssoInvitationMail(user.language, {
          name: fullName(user),
          organisation,
          link: `${deps.config.publicUrl}${webPaths.login}`,
        }),
      });
    });
    deps.mailer.wake();
    return;
  }
  await issueAuditedLink(
    deps,
    { userId: user.id, purpose: 'invite', expiresAt: addDays(now, INVITATION_DAYS) },
    { action: 'auth.invitation.send', actorUserId: actor.userId, ip: actor.ip, at: now },
    (link) => ({
      kind: 'invitation',
      to: user.email,
      ...invitationMail(user.language, { name: fullName(user), link, validDays: INVITATION_DAYS }),
    }),
  );
}
