import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, type Config } from '../../config/config';
import { createSealer } from '../../identity/sealing';

// What single sign-on keeps secret at rest (docs/security.md "Single sign-on"): an organisation's
// client secret, and a sign-in's nonce, PKCE verifier and ID token, sealed with AES-256-GCM under a
// key that never rests in the database: SSO_SECRET_KEY, or one generated once into DATA_DIR. A copy
// of the database (a replica, a backup, `pg_dump`) alone reveals none of them.

const KEY_BYTES = 32;
const PREFIX = 'sso:v1:';

const keyFile = (config: Pick<Config, 'dataDir'>) => path.join(config.dataDir, 'sso-secret-key');

function keyOf(text: string, where: string): Buffer {
  const key = Buffer.from(text.trim(), 'base64');
  if (key.length !== KEY_BYTES) {
    throw new ConfigError(`${where} must be 32 random bytes in base64; generate one with: openssl rand -base64 32`);
  }
  return key;
}

/**
 * The sealing key: SSO_SECRET_KEY, or else one generated on first start and kept in
 * `<dataDir>/sso-secret-key` (mode 0600), like the JWT secret. Several instances must share one.
 */
export function loadSsoSecretKey(
  config: Pick<Config, 'ssoSecretKey' | 'dataDir'>,
  log: { warn(message: string): void },
): Buffer {
  if (config.ssoSecretKey !== undefined) {
    return keyOf(config.ssoSecretKey, 'SSO_SECRET_KEY');
  }
  const file = keyFile(config);
  try {
    writeFileSync(file, randomBytes(KEY_BYTES).toString('base64'), { mode: 0o600, flag: 'wx' });
    log.warn(
      `SSO_SECRET_KEY is not set: generated the single sign-on key in ${file}. Several instances need one shared SSO_SECRET_KEY.`,
    );
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
      throw error;
    }
  }
  return keyOf(readFileSync(file, 'utf8'), file);
}

/** A value that was sealed under another key (SSO_SECRET_KEY changed), or for another place. */
export class UnreadableSsoSecretError extends Error {
  override name = 'UnreadableSsoSecretError';
}

export interface SsoSealer {
  /** Encrypts `value` for one place (`where`: the row and column), which is bound in as associated data. */
  seal(where: string, value: string): string;
  /** The value sealed for `where`; throws UnreadableSsoSecretError for another key or place. */
  open(where: string, stored: string): string;
}

export function createSsoSealer(key: Buffer): SsoSealer {
  const sealer = createSealer(key, PREFIX);
  return {
    seal: (where, value) => sealer.seal(where, value),
    open(where, stored) {
      if (!sealer.isSealed(stored)) {
        throw new UnreadableSsoSecretError('not a sealed value');
      }
      try {
        return sealer.open(where, stored);
      } catch {
        throw new UnreadableSsoSecretError(
          'A single sign-on secret was sealed with another SSO_SECRET_KEY (or for another row) and cannot be read.',
        );
      }
    },
  };
}
