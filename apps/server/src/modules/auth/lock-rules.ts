// The account lock's numbers and the imitation of it for unknown addresses; no imports, so the
// auth deps can hold the counter without an import circle.

/** Ten wrong passwords or PINs in a row lock the account for 15 minutes (docs/decisions.md §7). */
export const MAX_FAILED_LOGINS = 10;
export const LOCK_MINUTES = 15;

export function isLocked(lockedUntil: string | null, now: Date): boolean {
  return lockedUntil !== null && lockedUntil > now.toISOString();
}

/**
 * Failure counts for addresses with no account, kept in memory, so that a refusal looks the
 * same (counting down, then locked) whether or not the account exists: the login must not
 * tell who has an account. Bounded, oldest forgotten first.
 */
export class UnknownAccountAttempts {
  private readonly entries = new Map<string, { failures: number; lockedUntil: number }>();

  constructor(private readonly capacity = 10_000) {}

  /** Records a refusal; answers the failure count and whether the imitated lock holds. */
  fail(email: string, now: Date): { failures: number; locked: boolean } {
    const at = now.getTime();
    const entry = this.entries.get(email) ?? { failures: 0, lockedUntil: 0 };
    if (entry.lockedUntil > at) {
      return { failures: entry.failures, locked: true };
    }
    const failures = entry.lockedUntil > 0 ? 1 : entry.failures + 1;
    const lockedUntil = failures >= MAX_FAILED_LOGINS ? at + LOCK_MINUTES * 60_000 : 0;
    this.entries.delete(email);
    this.entries.set(email, { failures, lockedUntil });
    if (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) {
        this.entries.delete(oldest);
      }
    }
    return { failures, locked: false };
  }
}
