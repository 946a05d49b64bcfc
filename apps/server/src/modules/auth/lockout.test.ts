import { describe, expect, it } from 'vitest';
import { maskAddress } from './login.service';
import { UnknownAccountAttempts } from './lock-rules';
import { wrongSecretProblem } from './lockout';

describe('refusals that do not tell who has an account', () => {
  it('counts down and locks an unknown address like a real account, then starts again after 15 minutes', () => {
    const attempts = new UnknownAccountAttempts();
    const start = new Date('2026-01-01T10:00:00Z');
    const counts = Array.from({ length: 10 }, () => attempts.fail('nobody@x.example', start));
    expect(counts.map((c) => c.failures)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(attempts.fail('nobody@x.example', new Date(start.getTime() + 14 * 60_000)).locked).toBe(true);
    expect(attempts.fail('nobody@x.example', new Date(start.getTime() + 16 * 60_000))).toEqual({
      failures: 1,
      locked: false,
    });
  });

  it('forgets the oldest address beyond its capacity', () => {
    const attempts = new UnknownAccountAttempts(2);
    const now = new Date();
    attempts.fail('a@x.example', now);
    attempts.fail('b@x.example', now);
    attempts.fail('c@x.example', now);
    expect(attempts.fail('a@x.example', now).failures).toBe(1);
    expect(attempts.fail('c@x.example', now).failures).toBe(2);
  });

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
