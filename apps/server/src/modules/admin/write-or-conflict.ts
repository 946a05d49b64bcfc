import { isUniqueViolation } from '../../db/dialect';
import { conflict } from '../../http/problem';
import type { Executor } from '../audit/audit.repository';
import type { AdminDeps } from './users.service';

/** Runs a write in one transaction; a unique violation that slipped past the checks (a race) is still a 409. */
export async function writeOrConflict<T>(
  deps: AdminDeps,
  work: (trx: Executor) => Promise<T>,
  duplicate: string,
): Promise<T> {
  try {
    return await deps.db.transaction().execute(work);
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw conflict(duplicate);
    }
    throw error;
  }
}
