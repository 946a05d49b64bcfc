import { passwordLengthProblem } from '@graftmatch/domain';

/** The i18n key of what is wrong with a new password, or null. The server checks the common-password list. */
export function newPasswordProblem(password: string, repeated: string): string | null {
  const length = passwordLengthProblem(password);
  if (length) {
    return `password.${length}`;
  }
  return password === repeated ? null : 'password.mismatch';
}
