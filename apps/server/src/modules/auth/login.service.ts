import { randomInt, randomUUID } from 'node:crypto';
import {
  PIN_LENGTH,
  type PinMailStatus,
  fullName,
  type SessionTokens,
  type TwoFactorRequest,
  type TwoFactorSchema,
  type AuditAction,
} from '@graftmatch/domain';
import { forbidden, unauthorized } from '../../http/problem';
import type { Executor } from '../../db/executor';
import { newestMailState } from '../../mail/outbox.repository';
import { twoFactorPinMail } from '../../mail/templates/two-factor-pin';
import { type AuthDeps } from './auth.deps';
import type { RequestContext } from '../../http/request-kit';
import { addMinutes } from '@graftmatch/domain';
import * as repo from './auth.repository';
import { isLocked, LOCK_MINUTES, MAX_FAILED_LOGINS } from './lock-rules';
import {
  checkPasswordWithLockout,
  lockedProblem,
  recordFailedAttempt,
  wrongSecretProblem,
  type WrongSecret,
} from './lockout';
import { hashPassword } from './password';
import { passwordSetByLinkSince } from './passkeys.repository';
import { completeLogin } from './session.service';
import { adminsNeedPasskey, PASSWORD_LINK_GRACE_MINUTES } from './signin-settings.service';
import { auditLoginRefusal } from './login-refusal';
import { refusePasswordOfSso } from './sso-password-rule';
import { TWO_FACTOR_MINUTES } from '../../identity/tokens';

/** An unknown address's failure count is forgotten a day after its last failure (docs/decisions.md). */
const FORGET_UNKNOWN_MINUTES = 24 * 60;

/** A PIN is good for 10 minutes and 5 tries (docs/decisions.md §7). */
export const PIN_MINUTES = TWO_FACTOR_MINUTES;
export const PIN_TRIES = 5;

// Verifying against a throw-away hash when there is no account (or no password yet) makes a
// refusal take as long as a real check, so timing does not tell who has an account.
let decoyHash: Promise<string> | undefined;
const decoy = () => (decoyHash ??= hashPassword(randomUUID()));

/** `dr.berg@clinic.example` becomes `d***@clinic.example`. */
export function maskAddress(address: string): string {
  const at = address.lastIndexOf('@');
  return at <= 0 ? '***' : `${address[0]}***${address.slice(at)}`;
}

const newPin = () =>
  randomInt(0, 10 ** PIN_LENGTH)
    .toString()
    .padStart(PIN_LENGTH, '0');

/** Counts a wrong password or PIN and throws the refusal. */
async function refuseWrongSecret(
  deps: AuthDeps,
  user: repo.LoginUser,
  ctx: RequestContext,
  action: AuditAction,
  detail: WrongSecret,
): Promise<never> {
  throw wrongSecretProblem(detail, await recordFailedAttempt(deps, user.id, ctx, action));
}

/** Queues the PIN mail in the login's transaction; it goes out before every other mail. */
async function queuePin(deps: AuthDeps, trx: Executor, user: repo.LoginUser, pin: string, twoFactorId: string) {
  const mail = twoFactorPinMail(user.language, { name: fullName(user), pin, validMinutes: PIN_MINUTES });
  await deps.mailer.enqueue(trx, { kind: 'pin', reference: twoFactorId, to: user.twoFactorTarget, ...mail });
}

async function twoFactorAnswer(deps: AuthDeps, user: repo.LoginUser, twoFactorId: string): Promise<TwoFactorSchema> {
  return {
    twoFactor_Token: await deps.tokens.issueTwoFactor({ userId: user.id, twoFactorId }),
    twoFactorId,
    twoFactorTarget: maskAddress(user.twoFactorTarget),
  };
}

/**
 * While admins must sign in with a passkey (docs/security.md "Passkeys"), an admin's right password
 * gets no PIN, unless the password was set through a mailed link (recovery or invitation) within
 * the last hour: the mail is the way back in for an admin without a passkey.
 */
async function refuseAdminWithoutPasskey(deps: AuthDeps, user: repo.LoginUser, ctx: RequestContext) {
  if (user.admin !== 1 || !(await adminsNeedPasskey(deps.db))) {
    return;
  }
  const since = addMinutes(deps.now(), -PASSWORD_LINK_GRACE_MINUTES).toISOString();
  if (await passwordSetByLinkSince(deps.db, user.id, since)) {
    return;
  }
  await auditLoginRefusal(deps, { userId: user.id, reason: 'passkey-required', ip: ctx.ip });
  throw forbidden({ key: 'problem.auth.passkeyRequired' });
}

/** Step one of the login (`GET /auth/login`): checks the password and mails a PIN. */
export async function loginWithPassword(
  deps: AuthDeps,
  credentials: { email: string; password: string },
  ctx: RequestContext,
): Promise<TwoFactorSchema> {
  const email = credentials.email.trim().toLowerCase();
  const now = deps.now();
  const user = await repo.findLoginUserByEmail(deps.db, email);
  // Before the password is looked at: it is not this address's way in, and no guess counts.
  await refusePasswordOfSso(deps, { email, userId: user?.id ?? null, audit: { ctx } });
  if (!user) {
    await deps.passwords.verify(await decoy(), credentials.password);
    const failures = await repo.countUnknownAccountFailure(deps.db, {
      addressKey: deps.secrets.hash(`unknown-login/${email}`),
      now: now.toISOString(),
      maxFailures: MAX_FAILED_LOGINS,
      lockedUntil: addMinutes(now, LOCK_MINUTES).toISOString(),
      forgetBefore: addMinutes(now, -FORGET_UNKNOWN_MINUTES).toISOString(),
    });
    await auditLoginRefusal(deps, { userId: null, reason: 'unknown-account', ip: ctx.ip });
    throw wrongSecretProblem({ key: 'problem.auth.wrongLogin' }, failures);
  }
  await checkPasswordWithLockout(deps, user, credentials.password, {
    ctx,
    action: 'auth.login.failure',
    detail: { key: 'problem.auth.wrongLogin' },
    decoyHash: await decoy(),
  });
  if (!user.active) {
    await auditLoginRefusal(deps, { userId: user.id, reason: 'inactive', ip: ctx.ip });
    throw forbidden({ key: 'problem.auth.deactivated' });
  }
  await refuseAdminWithoutPasskey(deps, user, ctx);
  const pin = newPin();
  const twoFactorId = randomUUID();
  await deps.db.transaction().execute(async (trx) => {
    await repo.voidOpenChallenges(trx, user.id, now.toISOString());
    await repo.insertChallenge(trx, {
      id: twoFactorId,
      userId: user.id,
      pinHash: deps.secrets.hash(pin),
      createdAt: now.toISOString(),
      expiresAt: addMinutes(now, PIN_MINUTES).toISOString(),
    });
    await queuePin(deps, trx, user, pin, twoFactorId);
  });
  deps.mailer.wake();
  return twoFactorAnswer(deps, user, twoFactorId);
}

/** The challenge and user behind a two-factor token, or a 401. */
async function openChallenge(deps: AuthDeps, twoFactorToken: string, allow: { used?: boolean } = {}) {
  const claims = await deps.tokens.verifyTwoFactor(twoFactorToken);
  if (!claims) {
    throw unauthorized({ key: 'problem.auth.twoFactorTokenInvalid' });
  }
  const [challenge, user] = await Promise.all([
    repo.findChallenge(deps.db, claims.twoFactorId),
    repo.findLoginUserById(deps.db, claims.userId),
  ]);
  if (
    !challenge ||
    !user ||
    challenge.userId !== user.id ||
    (challenge.usedAt !== null && !allow.used) ||
    !user.active
  ) {
    throw unauthorized({ key: 'problem.auth.attemptInvalid' });
  }
  if (isLocked(user.lockedUntil, deps.now())) {
    throw lockedProblem();
  }
  return { challenge, user };
}

/** Step two (`POST /auth/twofactor`): checks the PIN and starts a session. */
export async function completeTwoFactor(
  deps: AuthDeps,
  twoFactorToken: string,
  body: TwoFactorRequest,
  ctx: RequestContext,
): Promise<SessionTokens & { sessionExpiresAt: Date }> {
  const { challenge, user } = await openChallenge(deps, twoFactorToken);
  const now = deps.now();
  if (body.passwordid !== challenge.id) {
    throw unauthorized({ key: 'problem.auth.twoFactorIdMismatch' });
  }
  const reserved = await repo.reservePinTry(deps.db, challenge.id, PIN_TRIES, now.toISOString());
  if (!reserved) {
    throw unauthorized({ key: 'problem.auth.pinExpired' }, { passwordAttempts: 0 });
  }
  const tries = reserved.attempts;
  if (!deps.secrets.matches(body.password, reserved.pinHash)) {
    if (tries >= PIN_TRIES) {
      await repo.voidChallenge(deps.db, challenge.id, now.toISOString());
    }
    const triesLeft = Math.max(0, PIN_TRIES - tries);
    return refuseWrongSecret(deps, user, ctx, 'auth.twofactor.failure', {
      key: 'problem.auth.wrongPin',
      params: { tries: triesLeft },
    });
  }
  return deps.db.transaction().execute(async (trx) => {
    if (!(await repo.markChallengeUsed(trx, challenge.id, now.toISOString()))) {
      throw unauthorized({ key: 'problem.auth.pinUsed' });
    }
    return completeLogin(trx, deps, { userId: user.id, ctx, at: now });
  });
}

/** `GET /auth/twofactorreset`: a fresh PIN for the same login attempt; the old PIN stops working. */
export async function resendPin(deps: AuthDeps, twoFactorToken: string): Promise<TwoFactorSchema> {
  const { challenge, user } = await openChallenge(deps, twoFactorToken);
  const now = deps.now();
  const pin = newPin();
  await deps.db.transaction().execute(async (trx) => {
    await repo.voidOpenChallenges(trx, user.id, now.toISOString());
    await repo.rearmChallenge(trx, challenge.id, deps.secrets.hash(pin), addMinutes(now, PIN_MINUTES).toISOString());
    await queuePin(deps, trx, user, pin, challenge.id);
  });
  deps.mailer.wake();
  return twoFactorAnswer(deps, user, challenge.id);
}

/**
 * `GET /auth/twofactor/status`: whether this login attempt's PIN mail waits, was taken by the
 * mail server, or was not taken (`failed`: given up, or refused so far and being retried until
 * the PIN expires). Only a valid two-factor token asks, and only a correct password gets one,
 * so it tells nothing about which accounts exist.
 */
export async function pinMailStatus(deps: AuthDeps, twoFactorToken: string): Promise<PinMailStatus> {
  // A PIN already used still has its mail: a poll that crosses the login's completion is answered.
  const { challenge } = await openChallenge(deps, twoFactorToken, { used: true });
  const mail = await newestMailState(deps.db, challenge.id);
  if (!mail || (mail.state === 'queued' && mail.lastError === null)) {
    return { mail: 'queued' };
  }
  return { mail: mail.state === 'sent' ? 'sent' : 'failed' };
}
