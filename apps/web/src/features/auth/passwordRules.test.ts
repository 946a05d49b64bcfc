import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@graftmatch/domain';
import { describe, expect, it } from 'vitest';
import { newPasswordProblem } from './passwordRules';

// An emoji is one character but two UTF-16 units: the form counts as the server does.
const EMOJI = '🔑';

describe('the new-password form rule', () => {
  it('accepts the longest password of emojis the server accepts', () => {
    const longest = EMOJI.repeat(PASSWORD_MAX_LENGTH);
    expect(newPasswordProblem(longest, longest)).toBeNull();
    expect(newPasswordProblem(longest + EMOJI, longest + EMOJI)).toBe('password.tooLong');
  });

  it('refuses one emoji short of the minimum', () => {
    const short = EMOJI.repeat(PASSWORD_MIN_LENGTH - 1);
    expect(newPasswordProblem(short, short)).toBe('password.tooShort');
  });

  it('asks for the same password twice', () => {
    expect(newPasswordProblem('a long enough one', 'a long enough two')).toBe('password.mismatch');
  });
});
