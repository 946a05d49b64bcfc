import type { PasskeyLoginRequest, PasskeyLoginStart, PasskeyRequestOptions, SessionTokens } from '@graftmatch/domain';
import {
  generateAuthenticationOptions,
  verifyAuthenticationResponse,
  type AuthenticationResponseJSON,
  type VerifiedAuthenticationResponse,
  type WebAuthnCredential,
} from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import { forbidden, unauthorized, type ProblemError } from '../../http/problem';
import type { RequestContext } from '../../http/request-kit';
import { recordAudit } from '../audit/audit.service';
import type { AuthDeps } from './auth.deps';
import { findLoginUserById } from './auth.repository';
import { PASSKEY_CHALLENGE_MINUTES, relyingParty, storeChallenge, transportsOf } from './passkeys.service';
import * as repo from './passkeys.repository';
import { completeLogin } from './session.service';

// Signing in with a passkey (docs/security.md "Passkeys"): no address, no password, no PIN. The
// browser offers the passkeys it holds for this site (discoverable credentials); the one chosen
// names its account. User verification is required, so the passkey is both factors: something
// held (the key) and something known or been (the device's PIN or biometrics).

/** `POST /auth/passkey/options`: a fresh challenge, for any passkey of this site. */
export async function startPasskeyLogin(deps: AuthDeps): Promise<PasskeyLoginStart> {
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(deps.config.publicUrl).id,
    userVerification: 'required',
    timeout: PASSKEY_CHALLENGE_MINUTES * 60_000,
  });
  const challengeId = await storeChallenge(deps, { userId: null, purpose: 'login', challenge: options.challenge });
  return { challengeId, options: options as PasskeyRequestOptions };
}

/** Audits a refused sign-in and answers the problem to throw. */
async function refuse(
  deps: AuthDeps,
  ctx: RequestContext,
  input: { userId: string | null; passkeyId: string | null; reason: string },
  problem: ProblemError,
): Promise<ProblemError> {
  await recordAudit(deps.db, {
    actorUserId: input.userId,
    action: 'auth.passkey.failure',
    targetType: input.passkeyId ? 'passkey' : 'user',
    targetId: input.passkeyId ?? input.userId,
    after: { reason: input.reason },
    ip: ctx.ip,
    at: deps.now(),
  });
  return problem;
}

async function verifyAssertion(
  deps: AuthDeps,
  response: AuthenticationResponseJSON,
  challengeHash: string,
  passkey: repo.StoredPasskey,
): Promise<{ ok: true; info: VerifiedAuthenticationResponse['authenticationInfo'] } | { ok: false; reason: string }> {
  const party = relyingParty(deps.config.publicUrl);
  try {
    const verification = await verifyAuthenticationResponse({
      response,
      expectedChallenge: (challenge) => deps.secrets.matches(challenge, challengeHash),
      expectedOrigin: party.origin,
      expectedRPID: party.id,
      requireUserVerification: true,
      credential: {
        id: passkey.credentialId,
        publicKey: isoBase64URL.toBuffer(passkey.publicKey),
        counter: passkey.counter,
        transports: transportsOf(passkey.transports) as WebAuthnCredential['transports'],
      },
    });
    return verification.verified
      ? { ok: true, info: verification.authenticationInfo }
      : { ok: false, reason: 'signature' };
  } catch (error) {
    // Wrong origin or relying party, another challenge, no user verification, a counter that went back.
    return { ok: false, reason: (error as Error).message.slice(0, 200) };
  }
}

/**
 * `POST /auth/passkey/login`: checks the assertion and starts a session exactly as a completed
 * PIN login does (docs/security.md "Passkeys"). The challenge is used up first, whatever follows.
 */
export async function completePasskeyLogin(
  deps: AuthDeps,
  body: PasskeyLoginRequest,
  ctx: RequestContext,
): Promise<SessionTokens & { sessionExpiresAt: Date }> {
  const now = deps.now();
  const challenge = await repo.takePasskeyChallenge(deps.db, body.challengeId, 'login', now.toISOString());
  if (!challenge) {
    throw unauthorized({ key: 'problem.auth.passkeyChallengeInvalid' });
  }
  const passkey = await repo.findPasskeyByCredentialId(deps.db, body.response.id);
  if (!passkey) {
    throw await refuse(
      deps,
      ctx,
      { userId: null, passkeyId: null, reason: 'unknown-passkey' },
      unauthorized({
        key: 'problem.auth.passkeyUnknown',
      }),
    );
  }
  const who = { userId: passkey.userId, passkeyId: passkey.id };
  const refused = () => unauthorized({ key: 'problem.auth.passkeyRefused' });
  // The account the browser names must be the passkey's (a discoverable credential's user handle).
  const handle = body.response.response.userHandle;
  if (handle !== undefined && handle !== '' && isoBase64URL.toUTF8String(handle) !== passkey.userId) {
    throw await refuse(deps, ctx, { ...who, reason: 'user-handle' }, refused());
  }
  const user = await findLoginUserById(deps.db, passkey.userId);
  if (!user?.active) {
    throw await refuse(deps, ctx, { ...who, reason: 'inactive' }, forbidden({ key: 'problem.auth.deactivated' }));
  }
  const verified = await verifyAssertion(
    deps,
    body.response as AuthenticationResponseJSON,
    challenge.challengeHash,
    passkey,
  );
  if (!verified.ok) {
    throw await refuse(deps, ctx, { ...who, reason: verified.reason }, refused());
  }
  // A credential's backup eligibility is fixed for its life (WebAuthn §6.1.3): a change means another authenticator.
  const eligible = verified.info.credentialDeviceType === 'multiDevice' ? 1 : 0;
  if (eligible !== passkey.backupEligible) {
    throw await refuse(deps, ctx, { ...who, reason: 'backup-eligibility-changed' }, refused());
  }
  const outcome = await deps.db.transaction().execute(async (trx) => {
    const recorded = await repo.recordPasskeyUse(trx, {
      id: passkey.id,
      oldCounter: passkey.counter,
      newCounter: verified.info.newCounter,
      backedUp: verified.info.credentialBackedUp ? 1 : 0,
      at: now.toISOString(),
    });
    if (!recorded) {
      return null;
    }
    return completeLogin(trx, deps, {
      userId: user.id,
      ctx,
      at: now,
      after: { method: 'passkey', passkeyId: passkey.id, passkey: passkey.name },
    });
  });
  if (!outcome) {
    // Another sign-in took this counter value first: a cloned authenticator, or a replay.
    throw await refuse(deps, ctx, { ...who, reason: 'counter' }, refused());
  }
  return outcome;
}
