import type { Command } from 'commander';
import type { Config } from '../config/config';
import type { Database } from '../db/database';
import { createJobs } from '../jobs/jobs';
import { addJobs, listJobs, runJob, type Job } from '../jobs/scheduler';
import { createMailer } from '../mail/mailer';
import { loadAuditSigningKey } from '../modules/audit/audit.key';
import { createFileStorage } from '../storage/file-storage';
import { runWithDatabase } from './run-with-database';

// `graftmatch jobs list|run` (docs/operations.md "Jobs"). A job run here claims its row like the
// server's scheduler, so it never runs twice at once; its mails go to the outbox and the server's
// mail worker sends them; no push hub lives in this process.

const now = () => new Date();

const log = {
  error: (details: Record<string, unknown>, message: string) =>
    console.error(`graftmatch: ${message}: ${(details.err as Error | undefined)?.message ?? ''}`),
};

async function jobsOf(database: Database, config: Config): Promise<Job[]> {
  return createJobs(
    {
      db: database.db,
      now,
      push: { publish: () => undefined },
      storage: await createFileStorage(config),
      mailer: createMailer(config, { now }),
      publicUrl: config.publicUrl,
      log,
    },
    {
      // The installation's key, as the server loads it (generated in the data folder on first use).
      auditChain: {
        db: database.db,
        key: loadAuditSigningKey(config, { warn: (message) => console.error(`graftmatch: ${message}`) }),
        now,
        checkpointRows: config.auditCheckpointRows,
        checkpointMinutes: config.auditCheckpointMinutes,
      },
      mailRetentionDays: config.mailRetentionDays,
    },
  );
}

const every = (ms: number) => (ms % 3_600_000 === 0 ? `${ms / 3_600_000}h` : `${Math.round(ms / 60_000)}m`);

export function registerJobsCommand(program: Command) {
  const jobs = program.command('jobs').description('The scheduled jobs: list them, run one now.');
  jobs
    .command('list')
    .description('Each job with its interval, its last run and how it went, and its next run.')
    .action(() =>
      runWithDatabase(async (database, config) => {
        const all = await jobsOf(database, config);
        await addJobs({ db: database.db, now }, all);
        for (const { job, row } of await listJobs(database.db, all)) {
          console.log(
            [
              job.name,
              `every ${every(job.everyMs)}`,
              `last ${row?.lastFinishedAt ?? 'never'}${row?.lastError ? ` (failed: ${row.lastError})` : ''}`,
              `next ${row?.nextRunAt ?? 'at the next start'}`,
              row?.claimedUntil && row.claimedUntil > now().toISOString() ? 'running now' : '',
            ]
              .filter(Boolean)
              .join('  '),
          );
          console.log(`  ${job.description}`);
        }
      }),
    );
  jobs
    .command('run')
    .description('Run one job now, whether due or not; exit 1 if it fails or runs elsewhere right now.')
    .argument('<name>', 'the job, as `graftmatch jobs list` names it')
    .action((name: string) =>
      runWithDatabase(async (database, config) => {
        const all = await jobsOf(database, config);
        const job = all.find((candidate) => candidate.name === name);
        if (!job) {
          throw new Error(`no job named ${name}; the jobs are: ${all.map((candidate) => candidate.name).join(', ')}`);
        }
        await addJobs({ db: database.db, now }, [job]);
        const outcome = await runJob({ db: database.db, now, log }, job, true);
        if (outcome === 'busy') {
          throw new Error(`job ${name} is running elsewhere right now; try again when it is done`);
        }
        if (outcome === 'failed') {
          throw new Error(`job ${name} failed (see above); it runs again at its next time`);
        }
        console.log(`graftmatch: job ${name} ran`);
      }),
    );
}
