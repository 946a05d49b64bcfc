import { hash, verify, type Algorithm, type Options } from '@node-rs/argon2';

// Algorithm is an ambient const enum, which isolatedModules cannot read at run time.
const ARGON2ID: Algorithm.Argon2id = 2;

/** argon2id with OWASP's first recommended setting (docs/decisions.md §7): 19 MiB, 2 passes, 1 lane. */
const ARGON2_OPTIONS: Options = {
  algorithm: ARGON2ID,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

/** How passwords are hashed and checked: argon2id here; tests wrap it to count the checks. */
export interface PasswordHasher {
  hash(plain: string): Promise<string>;
  verify(passwordHash: string, plain: string): Promise<boolean>;
}

/** A PHC string (`$argon2id$v=19$m=19456,t=2,p=1$...`) with its own random salt. */
export function hashPassword(plain: string): Promise<string> {
  return hash(plain, ARGON2_OPTIONS);
}

/**
 * True when `plain` matches `passwordHash`. The parameters are read from the hash itself, so
 * hashes made with older settings keep verifying. A hash that cannot be parsed matches nothing.
 */
export async function verifyPassword(passwordHash: string, plain: string): Promise<boolean> {
  try {
    return await verify(passwordHash, plain);
  } catch {
    return false;
  }
}

export const argon2Passwords: PasswordHasher = { hash: hashPassword, verify: verifyPassword };
