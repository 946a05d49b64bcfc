import { ProblemError } from '../../src/http/problem';

/** The problem a call throws, for unit tests of a rule that refuses; fails when it throws none. */
export function problemOf(call: () => unknown): ProblemError {
  try {
    call();
  } catch (error) {
    if (error instanceof ProblemError) {
      return error;
    }
    throw error;
  }
  throw new Error('not refused');
}
