import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, type Config } from '../../config/config';
import { signingKeyFromSeed, type SigningKey } from './audit.note';

type KeyConfig = Pick<Config, 'auditSigningKey' | 'dataDir' | 'publicUrl'>;

/** The log's name on its checkpoints: the public address without scheme, and `/audit`. */
export function auditLogOrigin(config: Pick<Config, 'publicUrl'>): string {
  const url = new URL(config.publicUrl);
  return `${url.host}${url.pathname.replace(/\/$/, '')}/audit`;
}

const keyFile = (config: Pick<Config, 'dataDir'>) => path.join(config.dataDir, 'audit-signing-key');

function fromBase64(text: string, where: string): Buffer {
  const seed = Buffer.from(text.trim(), 'base64');
  if (seed.length !== 32) {
    throw new ConfigError(`${where} must be 32 random bytes in base64; generate one with: openssl rand -base64 32`);
  }
  return seed;
}

/** The configured or kept signing key, or null when there is none yet (a verifier must not invent one). */
export function findAuditSigningKey(config: KeyConfig): SigningKey | null {
  const name = auditLogOrigin(config);
  if (config.auditSigningKey !== undefined) {
    return signingKeyFromSeed(name, fromBase64(config.auditSigningKey, 'AUDIT_SIGNING_KEY'));
  }
  const file = keyFile(config);
  return existsSync(file) ? signingKeyFromSeed(name, fromBase64(readFileSync(file, 'utf8'), file)) : null;
}

/**
 * The checkpoint signing key: AUDIT_SIGNING_KEY, or else one generated on first start and kept in
 * `<dataDir>/audit-signing-key` (mode 0600), like the JWT secret (docs/security.md).
 */
export function loadAuditSigningKey(config: KeyConfig, log: { warn(message: string): void }): SigningKey {
  if (config.auditSigningKey === undefined) {
    const file = keyFile(config);
    try {
      writeFileSync(file, randomBytes(32).toString('base64'), { mode: 0o600, flag: 'wx' });
      log.warn(
        `AUDIT_SIGNING_KEY is not set: generated the audit signing key in ${file}. Several instances need one shared AUDIT_SIGNING_KEY.`,
      );
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
        throw error;
      }
    }
  }
  return findAuditSigningKey(config) as SigningKey;
}
