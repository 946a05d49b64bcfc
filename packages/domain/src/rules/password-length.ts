import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../constants/password-policy';

/**
 * A password's length in characters (Unicode code points), as the server's schema validator counts
 * `minLength`/`maxLength`: an emoji is one character, not the two UTF-16 units `String.length` counts.
 */
export function passwordLength(password: string): number {
  let length = 0;
  for (const _ of password) {
    length += 1;
  }
  return length;
}

/** Whether a new password is too short or too long (docs/decisions.md §7); null when its length is fine. */
export function passwordLengthProblem(password: string): 'tooShort' | 'tooLong' | null {
  const length = passwordLength(password);
  if (length < PASSWORD_MIN_LENGTH) {
    return 'tooShort';
  }
  return length > PASSWORD_MAX_LENGTH ? 'tooLong' : null;
}
