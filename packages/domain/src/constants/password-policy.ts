/**
 * Length limits of a password (docs/decisions.md §7, after NIST 800-63B): long enough to resist guessing,
 * capped so hashing stays cheap. No composition rules; the common-password list is the auth module's.
 */
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 128;

/** The two-factor PIN mailed at login. */
export const PIN_LENGTH = 6;
