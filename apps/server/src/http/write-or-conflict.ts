import type { Kysely, Transaction } from 'kysely';
import { isUniqueViolation } from '../db/dialect';
import type { DB } from '../db/types';
import { conflict, type Detail } from './problem';

/**
 * The one way a service writes a change: in one transaction, and a unique violation that slipped past
 * the service's checks (a race with another writer) answers 409 with `duplicate` rather than 500.
 */
export async function writeOrConflict<T>(
  db: Kysely<DB>,
  work: (trx: Transaction<DB>) => Promise<T>,
  duplicate: Detail,
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
