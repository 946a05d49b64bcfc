import { randomUUID } from 'node:crypto';
import {
  PASSKEYS_PER_ACCOUNT,
  PRODUCT_NAME,
  addMinutes,
  fullName,
  type AddPasskeyRequest,
  type Passkey,
  type PasskeyCreationOptions,
  type PasskeyCreationStart,
} from '@graftmatch/domain';
import {
  generateRegistrationOptions,
  verifyRegistrationResponse,
  type RegistrationResponseJSON,
  type VerifiedRegistrationResponse,
} from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import type { Executor } from '../../db/executor';
import { badRequest, conflict, notFound, unauthorized } from '../../http/problem';
import type { RequestContext } from '../../http/request-kit';
import { recordAudit } from '../audit/audit.service';
import type { AuthDeps } from './auth.deps';
import { findLoginUserById } from './auth.repository';
import * as repo from './passkeys.repository';
import { adminsNeedPasskey } from './signin-settings.service';

// A user's own passkeys (docs/security.md "Passkeys"): adding one after a login, listing, renaming
// and removing them. Signing in with one is passkey-login.service.ts.

/** A passkey challenge is good for 5 minutes and one answer. */
export const PASSKEY_CHALLENGE_MINUTES = 5;
/** Expired challenges are dropped a day after their end. */
const FORGET_CHALLENGE_MINUTES = 24 * 60;
/** The COSE algorithms accepted: ES256 (every platform authenticator), EdDSA, RS256 (Windows Hello). */
const ALGORITHMS = [-7, -8, -257];

/** The relying party: its id is `PUBLIC_URL`'s host name, the only origin accepted is its origin. */
export function relyingParty(publicUrl: string): { id: string; origin: string } {
  const url = new URL(publicUrl);
  return { id: url.hostname, origin: url.origin };
}

/** Stores a fresh challenge as a keyed hash; answers its id. */
export async function storeChallenge(
  deps: AuthDeps,
  input: { userId: string | null; purpose: 'register' | 'login'; challenge: string },
): Promise<string> {
  const now = deps.now();
  const id = randomUUID();
  await repo.insertPasskeyChallenge(
    deps.db,
    {
      id,
      userId: input.userId,
      purpose: input.purpose,
      challengeHash: deps.secrets.hash(input.challenge),
      createdAt: now.toISOString(),
      expiresAt: addMinutes(now, PASSKEY_CHALLENGE_MINUTES).toISOString(),
    },
    addMinutes(now, -FORGET_CHALLENGE_MINUTES).toISOString(),
  );
  return id;
}

export const transportsOf = (stored: string): string[] => JSON.parse(stored) as string[];

function toWire(row: repo.StoredPasskey): Passkey {
  return {
    id: row.id,
    name: row.name,
    createdAt: row.createdAt,
    lastUsedAt: row.lastUsedAt,
    backedUp: row.backedUp === 1,
  };
}

/** `POST /users/passkeys/options`: the options for the browser, a discoverable credential with user verification. */
export async function startPasskeyRegistration(deps: AuthDeps, userId: string): Promise<PasskeyCreationStart> {
  const [user, existing] = await Promise.all([
    findLoginUserById(deps.db, userId),
    repo.listPasskeysOf(deps.db, userId),
  ]);
  if (!user) {
    throw unauthorized();
  }
  if (existing.length >= PASSKEYS_PER_ACCOUNT) {
    throw conflict({ key: 'problem.passkey.tooMany', params: { max: PASSKEYS_PER_ACCOUNT } });
  }
  const options = await generateRegistrationOptions({
    rpName: PRODUCT_NAME,
    rpID: relyingParty(deps.config.publicUrl).id,
    userName: user.email,
    userDisplayName: fullName(user),
    // The account's id (no name or address): a passkey's sign-in names its account by it.
    userID: isoBase64URL.toBuffer(isoBase64URL.fromUTF8String(user.id)),
    timeout: PASSKEY_CHALLENGE_MINUTES * 60_000,
    attestationType: 'none',
    excludeCredentials: existing.map((passkey) => ({
      id: passkey.credentialId,
      transports: transportsOf(passkey.transports),
    })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    supportedAlgorithmIDs: ALGORITHMS,
  });
  const challengeId = await storeChallenge(deps, { userId, purpose: 'register', challenge: options.challenge });
  return { challengeId, options: options as PasskeyCreationOptions };
}

async function verifyRegistration(
  deps: AuthDeps,
  response: RegistrationResponseJSON,
  challengeHash: string,
): Promise<VerifiedRegistrationResponse> {
  const party = relyingParty(deps.config.publicUrl);
  try {
    return await verifyRegistrationResponse({
      response,
      expectedChallenge: (challenge) => deps.secrets.matches(challenge, challengeHash),
      expectedOrigin: party.origin,
      expectedRPID: party.id,
      requireUserVerification: true,
      supportedAlgorithmIDs: ALGORITHMS,
    });
  } catch {
    // A wrong origin or relying party, another challenge, no user verification, a broken answer.
    return { verified: false };
  }
}

/** `POST /users/passkeys`: checks the browser's answer to the challenge and keeps the passkey. */
export async function addPasskey(
  deps: AuthDeps,
  userId: string,
  body: AddPasskeyRequest,
  ctx: RequestContext,
): Promise<Passkey> {
  const now = deps.now();
  const challenge = await repo.takePasskeyChallenge(deps.db, body.challengeId, 'register', now.toISOString());
  if (!challenge || challenge.userId !== userId) {
    throw badRequest({ key: 'problem.passkey.challengeInvalid' });
  }
  const verification = await verifyRegistration(
    deps,
    body.response as RegistrationResponseJSON,
    challenge.challengeHash,
  );
  if (!verification.verified) {
    throw badRequest({ key: 'problem.passkey.refused' });
  }
  const info = verification.registrationInfo;
  const row = {
    id: randomUUID(),
    userId,
    credentialId: info.credential.id,
    publicKey: isoBase64URL.fromBuffer(info.credential.publicKey),
    counter: info.credential.counter,
    transports: JSON.stringify(info.credential.transports ?? []),
    backupEligible: info.credentialDeviceType === 'multiDevice' ? (1 as const) : (0 as const),
    backedUp: info.credentialBackedUp ? (1 as const) : (0 as const),
    name: body.name.trim(),
    createdAt: now.toISOString(),
    lastUsedAt: null,
  };
  return deps.db.transaction().execute(async (trx) => {
    if (await repo.findPasskeyByCredentialId(trx, row.credentialId)) {
      throw conflict({ key: 'problem.passkey.exists' });
    }
    if ((await repo.countPasskeysOf(trx, userId)) >= PASSKEYS_PER_ACCOUNT) {
      throw conflict({ key: 'problem.passkey.tooMany', params: { max: PASSKEYS_PER_ACCOUNT } });
    }
    await repo.insertPasskey(trx, row);
    await recordAudit(trx, {
      actorUserId: userId,
      action: 'auth.passkey.add',
      targetType: 'passkey',
      targetId: row.id,
      after: { name: row.name, backupEligible: row.backupEligible === 1, backedUp: row.backedUp === 1 },
      ip: ctx.ip,
      at: now,
    });
    return toWire(row);
  });
}

/** `GET /users/passkeys`: the caller's own, oldest first. */
export async function listMyPasskeys(deps: Pick<AuthDeps, 'db'>, userId: string): Promise<Passkey[]> {
  return (await repo.listPasskeysOf(deps.db, userId)).map(toWire);
}

/** Which of these users have at least one passkey (the admins' user list). */
export async function usersWithPasskeys(executor: Executor, userIds: readonly string[]): Promise<Set<string>> {
  return new Set(userIds.length === 0 ? [] : await repo.usersWithPasskeys(executor, userIds));
}

/** `PATCH /users/passkeys/{id}`: another user's passkey is not found. */
export async function renameMyPasskey(
  deps: AuthDeps,
  userId: string,
  id: string,
  name: string,
  ctx: RequestContext,
): Promise<Passkey> {
  const now = deps.now();
  return deps.db.transaction().execute(async (trx) => {
    const passkey = await repo.findOwnPasskey(trx, userId, id);
    if (!passkey || !(await repo.renamePasskey(trx, userId, id, name.trim()))) {
      throw notFound({ key: 'problem.passkey.notFound' });
    }
    await recordAudit(trx, {
      actorUserId: userId,
      action: 'auth.passkey.rename',
      targetType: 'passkey',
      targetId: id,
      before: { name: passkey.name },
      after: { name: name.trim() },
      ip: ctx.ip,
      at: now,
    });
    return toWire({ ...passkey, name: name.trim() });
  });
}

/**
 * `DELETE /users/passkeys/{id}`: another user's passkey is not found. While admins must use
 * passkeys, an admin's last one stays (docs/decisions.md "Passkeys").
 */
export async function removeMyPasskey(deps: AuthDeps, userId: string, id: string, ctx: RequestContext) {
  const now = deps.now();
  await deps.db.transaction().execute(async (trx) => {
    const passkey = await repo.findOwnPasskey(trx, userId, id);
    if (!passkey) {
      throw notFound({ key: 'problem.passkey.notFound' });
    }
    const user = await findLoginUserById(trx, userId);
    if (user?.admin === 1 && (await repo.countPasskeysOf(trx, userId)) === 1 && (await adminsNeedPasskey(trx))) {
      throw conflict({ key: 'problem.passkey.lastOfAdmin' });
    }
    if (!(await repo.deletePasskey(trx, userId, id))) {
      throw notFound({ key: 'problem.passkey.notFound' });
    }
    await recordAudit(trx, {
      actorUserId: userId,
      action: 'auth.passkey.remove',
      targetType: 'passkey',
      targetId: id,
      before: { name: passkey.name },
      ip: ctx.ip,
      at: now,
    });
  });
}
