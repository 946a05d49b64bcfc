import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, passwordLengthProblem } from '@graftmatch/domain';
import { badRequest } from '../../http/problem';
import { COMMON_PASSWORDS } from './common-passwords';

/**
 * NIST 800-63B rules (docs/decisions.md §7): length 10 to 128 counted in characters, no composition
 * rules, and refused when common or when it is the account's own address.
 * Returns the reason, or null when the password is acceptable.
 */
export function passwordWeakness(password: string, context: { email?: string } = {}): string | null {
  if (passwordLengthProblem(password)) {
    return `must be ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters long`;
  }
  const lowered = password.toLowerCase();
  if (COMMON_PASSWORDS.has(lowered) || /^(.)\1+$/u.test(password)) {
    return 'is one of the most common passwords; choose another';
  }
  if (context.email && lowered === context.email.toLowerCase()) {
    return 'must not be your mail address';
  }
  return null;
}

/** Throws 400 problem+json naming `field` when the new password is not acceptable. */
export function assertAcceptablePassword(field: string, password: string, context: { email?: string } = {}): void {
  const weakness = passwordWeakness(password, context);
  if (weakness) {
    throw badRequest(`The new password ${weakness}.`, [{ field, message: weakness }]);
  }
}
