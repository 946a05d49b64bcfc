import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password';

describe('password hashing', () => {
  it('hashes with argon2id at 19 MiB, 2 passes, 1 lane, and verifies only the right password', async () => {
    const passwordHash = await hashPassword('correct horse battery');
    expect(passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(passwordHash, 'correct horse battery')).toBe(true);
    expect(await verifyPassword(passwordHash, 'correct horse battery ')).toBe(false);
  });

  it('salts every hash, so equal passwords give different hashes', async () => {
    const [first, second] = await Promise.all([hashPassword('same password'), hashPassword('same password')]);
    expect(first).not.toBe(second);
    expect(await verifyPassword(second, 'same password')).toBe(true);
  });

  it('treats an unparsable stored hash as no match instead of throwing', async () => {
    expect(await verifyPassword('not-a-hash', 'anything')).toBe(false);
  });
});
