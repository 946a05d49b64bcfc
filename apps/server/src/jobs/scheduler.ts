import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../db/types';
import type { JobCounters } from '../metrics/counters';
import { addMissingJobs, claimJob, finishJob, listJobRows } from './jobs.repository';

// The job scheduler (docs/operations.md "Jobs"): every time-driven task is a job with a name and
// an interval. Its next run lives in the `jobs` table, so it survives a restart, and a job that
// came due while no server ran runs at the next start (each job looks at the database's state, so
// one run catches up on everything missed). A run claims the job's row first, so with several
// instances one runs it and the others skip it.

export interface Job {
  name: string;
  /** One line for `graftmatch jobs list`. */
  description: string;
  everyMs: number;
  run(): Promise<unknown>;
}

export type JobOutcome = 'ran' | 'not-due' | 'busy' | 'failed';

/** A claim outlasts a long run; a runner that died frees the job when it passes. */
export const JOB_LEASE_MS = 15 * 60_000;
/** How often the server looks for due jobs. */
export const DEFAULT_TICK_MS = 30_000;

export interface SchedulerDeps {
  db: Kysely<DB>;
  now: () => Date;
  log: { error(details: Record<string, unknown>, message: string): void };
  /** The server's metrics; the command line has none. */
  counters?: Pick<JobCounters, 'ran'>;
}

/** Rows for the jobs not yet in the table, due now: a new job runs at the first start. */
export async function addJobs(deps: Pick<SchedulerDeps, 'db' | 'now'>, jobs: readonly Job[]): Promise<void> {
  await addMissingJobs(
    deps.db,
    jobs.map((job) => job.name),
    deps.now().toISOString(),
  );
}

/**
 * Runs the job if this caller can claim it: when due, or at once with `force` (the command line).
 * Its row must exist (`addJobs`).
 * A failure is logged and kept on the job's row; the job runs again at its next time.
 */
export async function runJob(deps: SchedulerDeps, job: Job, force = false): Promise<JobOutcome> {
  const startedAt = deps.now();
  const claimed = await claimJob(deps.db, {
    name: job.name,
    now: startedAt.toISOString(),
    claimedUntil: new Date(startedAt.getTime() + JOB_LEASE_MS).toISOString(),
    force,
  });
  if (!claimed) {
    return force ? 'busy' : 'not-due';
  }
  let error: string | null = null;
  try {
    await job.run();
  } catch (failure) {
    error = failure instanceof Error ? failure.message : String(failure);
    deps.log.error({ err: failure, job: job.name }, 'job failed; it runs again at its next time');
  }
  const finishedAt = deps.now();
  await finishJob(deps.db, {
    name: job.name,
    now: finishedAt.toISOString(),
    nextRunAt: new Date(finishedAt.getTime() + job.everyMs).toISOString(),
    error,
  });
  deps.counters?.ran(job.name, error !== null);
  return error === null ? 'ran' : 'failed';
}

/** Each job with its row: when it last ran, how that went, when it runs next. */
export async function listJobs(db: Kysely<DB>, jobs: readonly Job[]) {
  const rows = new Map((await listJobRows(db)).map((row) => [row.name, row]));
  return jobs.map((job) => ({ job, row: rows.get(job.name) }));
}

/**
 * Runs the due jobs when the server is ready (before it answers) and then every `tickMs`, one
 * pass at a time, one job after the other. Close waits for the pass under way.
 */
export function registerScheduler(
  app: FastifyInstance,
  deps: SchedulerDeps & { jobs: readonly Job[]; tickMs?: number },
): void {
  let running: Promise<void> | null = null;
  let added = false;
  const pass = () => {
    running ??= (async () => {
      // Inside the pass, so a database that is away at start delays the jobs, not the start.
      if (!added) {
        await addJobs(deps, deps.jobs);
        added = true;
      }
      for (const job of deps.jobs) {
        await runJob(deps, job);
      }
    })()
      .catch((error: unknown) => app.log.error({ err: error }, 'the job scheduler failed; it tries again'))
      .finally(() => {
        running = null;
      });
    return running;
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    await pass();
    timer = setInterval(() => void pass(), deps.tickMs ?? DEFAULT_TICK_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
