import { describe, expect, it } from 'vitest';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../constants/password-policy';
import { passwordLength, passwordLengthProblem } from './password-length';

// An astral character: one character, two UTF-16 units.
const EMOJI = '🔑';

describe('the password length rule', () => {
  it('counts an emoji as one character', () => {
    expect(EMOJI.length).toBe(2);
    expect(passwordLength(`abc${EMOJI}`)).toBe(4);
  });

  it('accepts the longest password of emojis, which has twice as many UTF-16 units', () => {
    const longest = EMOJI.repeat(PASSWORD_MAX_LENGTH);
    expect(longest.length).toBe(2 * PASSWORD_MAX_LENGTH);
    expect(passwordLengthProblem(longest)).toBeNull();
    expect(passwordLengthProblem(longest + EMOJI)).toBe('tooLong');
  });

  it('refuses a password one emoji short of the minimum, however many UTF-16 units it has', () => {
    const short = EMOJI.repeat(PASSWORD_MIN_LENGTH - 1);
    expect(short.length).toBeGreaterThanOrEqual(PASSWORD_MIN_LENGTH);
    expect(passwordLengthProblem(short)).toBe('tooShort');
    expect(passwordLengthProblem(short + EMOJI)).toBeNull();
  });
});
