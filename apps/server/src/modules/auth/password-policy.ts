import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, passwordLengthProblem } from '@graftmatch/domain';
import { badRequest, fieldError } from '../../http/problem';

/** Why a password is refused: the catalogue words it as a detail and as a field error. */
export interface PasswordWeakness {
  kind: 'passwordLength' | 'passwordCommon' | 'passwordIsEmail';
  params?: { min: number; max: number };
}
import { COMMON_PASSWORDS } from './common-passwords';

/**
 * NIST 800-63B rules (docs/decisions.md §7): length 10 to 128 counted in characters, no composition
 * rules, and refused when common or when it is the account's own address.
 * Returns the reason, or null when the password is acceptable.
 */
export function passwordWeakness(password: string, context: { email?: string } = {}): PasswordWeakness | null {
  if (passwordLengthProblem(password)) {
    return { kind: 'passwordLength', params: { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH } };
  }
  const lowered = password.toLowerCase();
  if (COMMON_PASSWORDS.has(lowered) || /^(.)\1+$/u.test(password)) {
    return { kind: 'passwordCommon' };
  }
  if (context.email && lowered === context.email.toLowerCase()) {
    return { kind: 'passwordIsEmail' };
  }
  return null;
}

/** Throws 400 problem+json naming `field` when the new password is not acceptable. */
export function assertAcceptablePassword(field: string, password: string, context: { email?: string } = {}): void {
  const weakness = passwordWeakness(password, context);
  if (weakness) {
    throw badRequest({ key: `problem.auth.${weakness.kind}`, params: weakness.params }, [
      fieldError(field, { key: `validation.${weakness.kind}`, params: weakness.params }),
    ]);
  }
}
