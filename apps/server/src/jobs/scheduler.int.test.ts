import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createDatabase, type Database } from '../db/database';
import { testClock } from '../../test/support/clock';
import { createTestDatabase, testEngineName, type TestDatabase } from '../../test/support/database';
import { claimJob } from './jobs.repository';
import { addJobs, JOB_LEASE_MS, runJob, type Job } from './scheduler';

// The job scheduler (docs/operations.md "Jobs"): a job runs once however many instances try at
// the same time, its next run survives in the table, a runner that died frees it after its
// lease, and a job overdue for days runs once, not once per missed interval.

describe(`the job scheduler (${testEngineName()})`, () => {
  const clock = testClock();
  let first: TestDatabase;
  let second: Database;
  const log = { error: () => undefined };

  beforeAll(async () => {
    first = await createTestDatabase();
    // A second pool on the same database: another instance.
    second = createDatabase(first.target);
  }, 60_000);
  afterAll(async () => {
    await second?.close();
    await first?.cleanup();
  });

  function countingJob(name: string, work: () => Promise<void> = async () => undefined) {
    const job: Job & { runs: number } = {
      name,
      description: 'counts its runs',
      everyMs: 60 * 60_000,
      runs: 0,
      async run() {
        job.runs += 1;
        await work();
      },
    };
    return job;
  }

  test('two instances at once: one runs the job; it runs again when due, not before', async () => {
    const job = countingJob('twice-at-once', () => new Promise((resolve) => setTimeout(resolve, 200)));
    await addJobs({ db: first.database.db, now: clock.now }, [job]);
    const outcomes = await Promise.all([
      runJob({ db: first.database.db, now: clock.now, log }, job),
      runJob({ db: second.db, now: clock.now, log }, job),
    ]);
    expect(outcomes.sort()).toEqual(['not-due', 'ran']);
    expect(job.runs).toBe(1);

    expect(await runJob({ db: second.db, now: clock.now, log }, job)).toBe('not-due');
    clock.advanceMinutes(59);
    expect(await runJob({ db: second.db, now: clock.now, log }, job)).toBe('not-due');
    clock.advanceMinutes(1);
    expect(await runJob({ db: first.database.db, now: clock.now, log }, job)).toBe('ran');
    expect(job.runs).toBe(2);
    // The row counts the runs of every instance.
    const row = await second.db.selectFrom('jobs').select('runs').where('name', '=', job.name).executeTakeFirst();
    expect(row?.runs).toBe(2);
  });

  test('overdue for ten days, the job runs once; run now by hand, it runs whether due or not', async () => {
    const job = countingJob('overdue');
    const deps = { db: first.database.db, now: clock.now, log };
    await addJobs(deps, [job]);
    expect(await runJob(deps, job)).toBe('ran');
    clock.advanceDays(10);
    expect(await runJob(deps, job)).toBe('ran');
    expect(await runJob(deps, job)).toBe('not-due');
    expect(await runJob(deps, job, true)).toBe('ran');
    expect(job.runs).toBe(3);
  });

  test('a runner that died holds the job until its lease ends; then another runs it', async () => {
    const job = countingJob('crashed');
    const deps = { db: first.database.db, now: clock.now, log };
    await addJobs(deps, [job]);
    const at = clock.now();
    expect(
      await claimJob(second.db, {
        name: job.name,
        now: at.toISOString(),
        claimedUntil: new Date(at.getTime() + JOB_LEASE_MS).toISOString(),
        force: false,
      }),
    ).toBe(true);
    expect(await runJob(deps, job)).toBe('not-due');
    expect(await runJob(deps, job, true)).toBe('busy');
    clock.advanceMinutes(JOB_LEASE_MS / 60_000);
    expect(await runJob(deps, job)).toBe('ran');
    expect(job.runs).toBe(1);
  });

  test('a failing run is recorded on its row and the job runs again at its next time', async () => {
    const job = countingJob('failing', async () => {
      throw new Error('the database went away');
    });
    const deps = { db: first.database.db, now: clock.now, log };
    await addJobs(deps, [job]);
    expect(await runJob(deps, job)).toBe('failed');
    const row = await first.database.db
      .selectFrom('jobs')
      .selectAll()
      .where('name', '=', job.name)
      .executeTakeFirstOrThrow();
    expect(row.lastError).toBe('the database went away');
    expect(row.claimedUntil).toBeNull();
    expect(row.nextRunAt).toBe(new Date(clock.now().getTime() + job.everyMs).toISOString());
  });
});
