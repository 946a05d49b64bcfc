import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config/config';

const MIN_SECRET_LENGTH = 32;

/**
 * The signing secret: JWT_SECRET, or else one generated on first start and kept in
 * `<dataDir>/jwt-secret` (mode 0600), so tokens survive a restart. Several instances behind a
 * load balancer must share JWT_SECRET, which is why the generated case says so in the log.
 */
export function loadSigningSecret(
  config: Pick<Config, 'jwtSecret' | 'dataDir'>,
  log: { warn(message: string): void },
): Uint8Array {
  if (config.jwtSecret !== undefined) {
    if (config.jwtSecret.length < MIN_SECRET_LENGTH) {
      throw new Error(
        `JWT_SECRET must be at least ${MIN_SECRET_LENGTH} characters; generate one with: openssl rand -base64 48`,
      );
    }
    return new TextEncoder().encode(config.jwtSecret);
  }
  const file = path.join(config.dataDir, 'jwt-secret');
  try {
    writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' });
    log.warn(
      `JWT_SECRET is not set: generated a signing secret in ${file}. Several instances need one shared JWT_SECRET.`,
    );
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
      throw error;
    }
  }
  return new TextEncoder().encode(readFileSync(file, 'utf8').trim());
}

/** 256 bits from the CSPRNG, URL-safe: recovery links and anti-forgery tokens. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * The hash a machine credential (a bank's API key, a system client's access token) is kept as.
 * Each holds 256 random bits, so a plain SHA-256 suffices at rest: unlike a PIN or password there
 * is nothing to guess, and lookup by hash needs no server secret (docs/decisions.md).
 */
export const machineCredentialHash = (credential: string) =>
  createHash('sha256').update(credential, 'utf8').digest('base64url');

/** A new machine credential: `mark` (which tells its kind) and 256 random bits; shown once, kept as its hash. */
export function newMachineCredential(mark: string): { credential: string; hash: string } {
  const credential = `${mark}${randomToken()}`;
  return { credential, hash: machineCredentialHash(credential) };
}

/**
 * Keyed hash for short secrets at rest (the 6-digit PIN, recovery tokens). A PIN has only a
 * million values, so a plain hash would fall to brute force from a database copy; keyed with
 * the server secret, the copy alone reveals nothing. argon2 would add latency without adding
 * to that, because the key is the protection.
 */
export function createSecretHasher(signingSecret: Uint8Array) {
  const key = createHmac('sha256', signingSecret).update('graftmatch/short-secret-hash/v1').digest();
  const digest = (value: string) => createHmac('sha256', key).update(value).digest('base64url');
  return {
    hash: digest,
    matches(value: string, stored: string): boolean {
      const actual = Buffer.from(digest(value));
      const expected = Buffer.from(stored);
      return actual.length === expected.length && timingSafeEqual(actual, expected);
    },
  };
}
export type SecretHasher = ReturnType<typeof createSecretHasher>;
