import { describe, expect, it } from 'vitest';
import { maskAddress } from './login.service';
import { wrongSecretProblem } from './lockout';

describe('refusals that do not tell who has an account', () => {
  it('says how many attempts are left, and 0 with the lock', () => {
    const wrong = { key: 'problem.auth.wrongLogin' } as const;
    expect(wrongSecretProblem(wrong, 3).extras).toEqual({ passwordAttempts: 7 });
    expect(wrongSecretProblem(wrong, 3).detail).toBe('Wrong user name or password. 7 attempts left.');
    expect(wrongSecretProblem(wrong, 9).detail).toBe('Wrong user name or password. 1 attempt left.');
    expect(wrongSecretProblem(wrong, 10).extras).toEqual({ passwordAttempts: 0 });
  });

  it('masks the two-factor target', () => {
    expect(maskAddress('dr.berg@clinic.example')).toBe('d***@clinic.example');
    expect(maskAddress('nonsense')).toBe('***');
  });
});
