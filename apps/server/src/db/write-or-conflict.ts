import type { Kysely } from 'kysely';
import { conflict } from '../http/problem';
import { isUniqueViolation } from './dialect';
import type { Executor } from './executor';
import type { DB } from './types';

/** Runs a write in one transaction; a unique violation that slipped past the checks (a race) is still a 409. */
export async function writeOrConflict<T>(
  db: Kysely<DB>,
  work: (trx: Executor) => Promise<T>,
  duplicate: string,
): Promise<T> {
  try {
    return await db.transaction().execute(work);
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw conflict(duplicate);
    }
    throw error;
  }
}
