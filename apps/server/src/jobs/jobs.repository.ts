import type { Kysely } from 'kysely';
import { engineOf, skipLockedRows } from '../db/dialect';
import type { DB } from '../db/types';

// All SQL of the job scheduler (docs/operations.md "Jobs").

/** A row for every job not yet known, due at `now`: a new job runs at the first start. */
export async function addMissingJobs(db: Kysely<DB>, names: readonly string[], now: string): Promise<void> {
  if (names.length === 0) {
    return;
  }
  await db
    .insertInto('jobs')
    .values(names.map((name) => ({ name, nextRunAt: now })))
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
}

/**
 * Claims the job until `claimedUntil` when nobody holds it and (unless `force`) it is due.
 * On PostgreSQL a second claimer skips the locked row instead of waiting; on SQLite the single
 * statement is the only writer while it runs. Answers whether this caller got it.
 */
export async function claimJob(
  db: Kysely<DB>,
  input: { name: string; now: string; claimedUntil: string; force: boolean },
): Promise<boolean> {
  let free = db
    .selectFrom('jobs')
    .select('name')
    .where('name', '=', input.name)
    .where((eb) => eb.or([eb('claimedUntil', 'is', null), eb('claimedUntil', '<=', input.now)]));
  if (!input.force) {
    free = free.where('nextRunAt', '<=', input.now);
  }
  const claimed = await db
    .updateTable('jobs')
    .set((eb) => ({ claimedUntil: input.claimedUntil, lastStartedAt: input.now, runs: eb('runs', '+', 1) }))
    .where('name', 'in', skipLockedRows(engineOf(db), free))
    .returning('name')
    .execute();
  return claimed.length > 0;
}

/** Releases the job after a run, with its next run and the run's failure (null when it went well). */
export async function finishJob(
  db: Kysely<DB>,
  input: { name: string; now: string; nextRunAt: string; error: string | null },
): Promise<void> {
  await db
    .updateTable('jobs')
    .set({ claimedUntil: null, lastFinishedAt: input.now, nextRunAt: input.nextRunAt, lastError: input.error })
    .where('name', '=', input.name)
    .execute();
}

export function listJobRows(db: Kysely<DB>) {
  return db.selectFrom('jobs').selectAll().orderBy('name').execute();
}
