import { hash, type Algorithm } from '@node-rs/argon2';

// Test accounts' password hashes at argon2id's least cost. A login verifies with the parameters its
// hash carries: 0.07 ms instead of the production setting's 5 ms, which password.test.ts proves
// (docs/performance.md "CI").
const ARGON2ID: Algorithm.Argon2id = 2;
const LEAST_COST = { algorithm: ARGON2ID, memoryCost: 8, timeCost: 1, parallelism: 1 };

const hashes = new Map<string, Promise<string>>();

/** An argon2id hash of `plain` at the least cost, made once per password and process. */
export function testPasswordHash(plain: string): Promise<string> {
  let made = hashes.get(plain);
  if (!made) {
    made = hash(plain, LEAST_COST);
    hashes.set(plain, made);
  }
  return made;
}
