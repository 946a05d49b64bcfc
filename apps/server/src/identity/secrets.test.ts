import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createSecretHasher, loadSigningSecret } from './secrets';

describe('the signing secret', () => {
  const dirs: string[] = [];
  afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it('is generated once into <dataDir>/jwt-secret with mode 0600 when JWT_SECRET is unset, and says so once', () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'graftmatch-secret-'));
    dirs.push(dataDir);
    const warnings: string[] = [];
    const log = { warn: (message: string) => warnings.push(message) };
    const first = loadSigningSecret({ jwtSecret: undefined, dataDir }, log);
    const second = loadSigningSecret({ jwtSecret: undefined, dataDir }, log);
    expect(Buffer.from(second).equals(Buffer.from(first))).toBe(true);
    expect(first.length).toBeGreaterThanOrEqual(48);
    expect(statSync(path.join(dataDir, 'jwt-secret')).mode & 0o777).toBe(0o600);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('JWT_SECRET');
    expect(warnings[0]).not.toContain(readFileSync(path.join(dataDir, 'jwt-secret'), 'utf8'));
  });

  it('refuses a short JWT_SECRET', () => {
    expect(() => loadSigningSecret({ jwtSecret: 'short', dataDir: '/nonexistent' }, { warn: () => undefined })).toThrow(
      /at least 32/,
    );
  });

  it('hashes short secrets with a key, so equal PINs under another key differ', () => {
    const hasher = createSecretHasher(new TextEncoder().encode('k'.repeat(40)));
    const other = createSecretHasher(new TextEncoder().encode('l'.repeat(40)));
    const stored = hasher.hash('123456');
    expect(stored).not.toContain('123456');
    expect(hasher.matches('123456', stored)).toBe(true);
    expect(hasher.matches('123457', stored)).toBe(false);
    expect(other.hash('123456')).not.toBe(stored);
  });
});
