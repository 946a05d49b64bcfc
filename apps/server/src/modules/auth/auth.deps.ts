import type { Kysely } from 'kysely';
import type { Config } from '../../config/config';
import type { DB } from '../../db/types';
import type { IdentityDeps } from '../../identity/identity.deps';
import { createSecretHasher } from '../../identity/secrets';
import { createTokenService } from '../../identity/tokens';
import type { Mailer } from '../../mail/mailer';
import { argon2Passwords, type PasswordHasher } from './password';

/** What the auth services need, built once per app and handed to them explicitly: the identity kernel's and more. */
export interface AuthDeps extends IdentityDeps {
  config: Pick<Config, 'publicUrl' | 'sessionIdleDays' | 'sessionAbsoluteDays'>;
  mailer: Mailer;
  passwords: PasswordHasher;
  /** For failures that happen after the answer was sent (background mail). */
  log: { error(details: Record<string, unknown>, message: string): void };
}

export function createAuthDeps(input: {
  db: Kysely<DB>;
  config: Config;
  mailer: Mailer;
  /** From `loadSigningSecret`: signs tokens, keys the hashes of short secrets. */
  signingSecret: Uint8Array;
  now: () => Date;
  log: AuthDeps['log'];
  /** argon2id unless given (tests count the checks). */
  passwords?: PasswordHasher;
}): AuthDeps {
  const secret = input.signingSecret;
  return {
    db: input.db,
    config: input.config,
    mailer: input.mailer,
    tokens: createTokenService(secret, input.now),
    secrets: createSecretHasher(secret),
    passwords: input.passwords ?? argon2Passwords,
    now: input.now,
    log: input.log,
  };
}
