import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/config';
import { createSsoSealer, loadSsoSecretKey, UnreadableSsoSecretError } from './sso-secrets';

// The key that seals single sign-on secrets lives outside the database (docs/security.md "Single sign-on").

describe('the single sign-on key and sealer', () => {
  const dirs: string[] = [];
  afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it('is generated once into <dataDir>/sso-secret-key with mode 0600 when SSO_SECRET_KEY is unset, and says so once', () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'graftmatch-sso-key-'));
    dirs.push(dataDir);
    const warnings: string[] = [];
    const log = { warn: (message: string) => warnings.push(message) };
    const first = loadSsoSecretKey({ ssoSecretKey: undefined, dataDir }, log);
    const second = loadSsoSecretKey({ ssoSecretKey: undefined, dataDir }, log);
    expect(second.equals(first)).toBe(true);
    expect(first).toHaveLength(32);
    expect(statSync(path.join(dataDir, 'sso-secret-key')).mode & 0o777).toBe(0o600);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('SSO_SECRET_KEY');
    expect(warnings[0]).not.toContain(readFileSync(path.join(dataDir, 'sso-secret-key'), 'utf8'));
  });

  it('takes SSO_SECRET_KEY as 32 bytes in base64 and refuses anything else at start-up', () => {
    const key = randomBytes(32).toString('base64');
    expect(loadConfig({ SSO_SECRET_KEY: key }).ssoSecretKey).toBe(key);
    expect(loadSsoSecretKey({ ssoSecretKey: key, dataDir: '/nonexistent' }, { warn: () => undefined })).toEqual(
      Buffer.from(key, 'base64'),
    );
    for (const wrong of ['too-short', randomBytes(16).toString('base64'), 'a passphrase, not a key!']) {
      expect(() => loadConfig({ SSO_SECRET_KEY: wrong })).toThrow(/SSO_SECRET_KEY must be 32 random bytes/);
    }
  });

  it('seals so that only the same key opens, and only for the place it was sealed for', () => {
    const key = randomBytes(32);
    const sealer = createSsoSealer(key);
    const sealed = sealer.seal('sso-config:1:client-secret', 'the client secret');
    expect(sealed).toMatch(/^sso:v1:/);
    expect(sealed).not.toContain('the client secret');
    expect(sealer.seal('sso-config:1:client-secret', 'the client secret')).not.toBe(sealed);
    expect(sealer.open('sso-config:1:client-secret', sealed)).toBe('the client secret');
    expect(() => sealer.open('sso-config:2:client-secret', sealed)).toThrow(UnreadableSsoSecretError);
    expect(() => createSsoSealer(randomBytes(32)).open('sso-config:1:client-secret', sealed)).toThrow(
      UnreadableSsoSecretError,
    );
    expect(() => sealer.open('sso-config:1:client-secret', 'plain text')).toThrow(UnreadableSsoSecretError);
  });
});
