import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@graftmatch/domain';

/** The i18n key of what is wrong with a new password, or null. The server checks the common-password list. */
export function newPasswordProblem(password: string, repeated: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) {
    return 'password.tooShort';
  }
  if (password.length > PASSWORD_MAX_LENGTH) {
    return 'password.tooLong';
  }
  return password === repeated ? null : 'password.mismatch';
}
