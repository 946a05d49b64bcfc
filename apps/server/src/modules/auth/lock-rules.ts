// The account lock's numbers, kept apart from the services that apply them (the lock of a real
// account and its imitation for unknown addresses, both counted in the database).

/** Ten wrong passwords or PINs in a row lock the account for 15 minutes (docs/decisions.md §7). */
export const MAX_FAILED_LOGINS = 10;
export const LOCK_MINUTES = 15;

export function isLocked(lockedUntil: string | null, now: Date): boolean {
  return lockedUntil !== null && lockedUntil > now.toISOString();
}
