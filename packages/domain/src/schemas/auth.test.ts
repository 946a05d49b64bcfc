import { Value } from '@sinclair/typebox/value';
import { describe, expect, it } from 'vitest';
import { RecoverPasswordRequest, ResetPasswordRequest, TwoFactorRequest } from './auth';

describe('auth schemas', () => {
  it('takes the two-factor id and a six-digit PIN', () => {
    expect(Value.Check(TwoFactorRequest, { passwordid: 'abc', password: '012345' })).toBe(true);
    expect(Value.Check(TwoFactorRequest, { passwordid: 'abc', password: '12345' })).toBe(false);
    expect(Value.Check(TwoFactorRequest, { passwordid: 'abc', password: '12345a' })).toBe(false);
  });

  it('asks a new password for 10 to 128 characters and nothing else', () => {
    expect(Value.Check(RecoverPasswordRequest, { password: 'a'.repeat(9) })).toBe(false);
    expect(Value.Check(RecoverPasswordRequest, { password: 'correct horse' })).toBe(true);
    expect(Value.Check(RecoverPasswordRequest, { password: 'a'.repeat(129) })).toBe(false);
  });

  it('checks only the new password when changing it, since the old one may predate the policy', () => {
    expect(Value.Check(ResetPasswordRequest, { oldPassword: 'short', newPassword: 'long enough now' })).toBe(true);
  });
});
