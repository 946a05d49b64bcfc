import { describe, expect, it } from 'vitest';
import { ProblemError } from '../../http/problem';
import { assertAcceptablePassword, passwordWeakness } from './password-policy';

describe('new passwords (NIST 800-63B, docs/decisions.md §7)', () => {
  it('accepts 10 to 128 characters of anything, without composition rules', () => {
    expect(passwordWeakness('lowercase only words')).toBeNull();
    expect(passwordWeakness('äöü ßpass wörter')).toBeNull();
    expect(passwordWeakness('x'.repeat(9) + 'y')).toBeNull();
    expect(passwordWeakness('ab'.repeat(64))).toBeNull();
  });

  it('refuses too short and too long ones, counting characters rather than bytes', () => {
    expect(passwordWeakness('nine char')).toEqual({ kind: 'passwordLength', params: { min: 10, max: 128 } });
    expect(passwordWeakness('a'.repeat(60) + 'b'.repeat(69))?.kind).toBe('passwordLength');
    expect(passwordWeakness('😀'.repeat(10))?.kind).toBe('passwordCommon');
    expect(passwordWeakness('😀😁'.repeat(5))).toBeNull();
  });

  it('refuses common passwords in any case, one repeated character, and the own address', () => {
    for (const common of ['1234567890', 'Password123', 'QWERTYUIOP', 'passwort123', 'aaaaaaaaaaaa']) {
      expect(passwordWeakness(common)?.kind, common).toBe('passwordCommon');
    }
    expect(passwordWeakness('Dr.Berg@Clinic.example', { email: 'dr.berg@clinic.example' })?.kind).toBe(
      'passwordIsEmail',
    );
  });

  it('throws 400 problem+json naming the field', () => {
    try {
      assertAcceptablePassword('newPassword', 'password123');
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ProblemError);
      expect((error as ProblemError).status).toBe(400);
      expect((error as ProblemError).extras.errors?.[0]?.field).toBe('newPassword');
    }
  });
});
