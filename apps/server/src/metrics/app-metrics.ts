import type { FastifyBaseLogger } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Registry } from 'prom-client';
import type { Database, PoolStats } from '../db/database';
import type { TransportKind } from '../realtime/hub-connection';
import type { ImportCounters, JobCounters, MailCounters } from './counters';
import { countQueuedMails, newestImportAt } from './metrics.repository';

export interface AppMetrics {
  /** This app's own series; every app has its own, so many apps live in one process (the tests). */
  registry: Registry;
  mails: MailCounters;
  jobs: JobCounters;
  imports: ImportCounters;
  /** Where the push hub's connections are counted; the hub is made after the metrics. */
  countPushConnections(count: () => Record<TransportKind, number>): void;
  /** Every series in the Prometheus text format: the process's, then this app's. */
  render(): Promise<string>;
  contentType: string;
}

let processRegistry: Registry | null = null;

/**
 * The process's own series (CPU, memory, event loop lag, GC): one set per process, made once,
 * since their collectors watch the process and cannot be stopped.
 */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

const TRANSPORTS: TransportKind[] = ['WebSockets', 'ServerSentEvents', 'LongPolling'];

/** The series of docs/operations.md "Metrics and traces", except the request series (request-metrics.ts). */
export function createAppMetrics(deps: {
  database: Database;
  log: FastifyBaseLogger;
  /** False without METRICS_TOKEN: nothing will scrape, so the process series are not collected. */
  enabled: boolean;
}): AppMetrics {
  const registry = new Registry();
  const registers = [registry];
  const processSeries = deps.enabled ? processMetrics() : null;

  const poolStats = deps.database.poolStats;
  if (poolStats) {
    // PostgreSQL only: SQLite has one connection in the process and nothing to wait in a pool for.
    // Registered first: a scrape reads these before its own queries below take connections.
    const pool = (name: string, help: string, read: (stats: PoolStats) => number) =>
      new Gauge({
        name,
        help,
        registers,
        collect() {
          this.set(read(poolStats()));
        },
      });
    pool(
      'graftmatch_db_pool_in_use',
      'PostgreSQL pool connections checked out by a query or transaction.',
      (s) => s.total - s.idle,
    );
    pool('graftmatch_db_pool_idle', 'PostgreSQL pool connections open and idle.', (s) => s.idle);
    pool('graftmatch_db_pool_waiting', 'Queries waiting for a PostgreSQL pool connection.', (s) => s.waiting);
  }

  const mailsQueued = new Counter({
    name: 'graftmatch_mails_queued_total',
    help: 'Mails written to the outbox by this instance.',
    registers,
  });
  const mailsSent = new Counter({
    name: 'graftmatch_mails_sent_total',
    help: 'Mails sent by this instance.',
    registers,
  });
  const mailsFailed = new Counter({
    name: 'graftmatch_mails_failed_total',
    help: 'Mails this instance gave up on (permanent failure or out of retries).',
    registers,
  });
  const mailRetries = new Counter({
    name: 'graftmatch_mail_retries_total',
    help: 'Temporary mail failures of this instance; each mail is tried again later.',
    registers,
  });
  const failedToRead = (what: string) => (error: unknown) => {
    deps.log.warn({ err: error }, `metrics: ${what} could not be read`);
    return null;
  };
  new Gauge({
    name: 'graftmatch_mail_outbox_queued',
    help: 'Mails in the outbox waiting to be sent, by all instances.',
    registers,
    async collect() {
      const queued = await countQueuedMails(deps.database.db).catch(failedToRead('the outbox'));
      if (queued === null) {
        this.reset();
      } else {
        this.set(queued);
      }
    },
  });

  const jobRuns = new Counter({
    name: 'graftmatch_job_runs_total',
    help: 'Scheduled job runs on this instance, by job.',
    labelNames: ['job'] as const,
    registers,
  });
  const jobFailures = new Counter({
    name: 'graftmatch_job_failures_total',
    help: 'Scheduled job runs on this instance that failed, by job.',
    labelNames: ['job'] as const,
    registers,
  });

  const imports = new Counter({
    name: 'graftmatch_imports_total',
    help: 'Imports done through this instance (dry runs not counted), by result.',
    labelNames: ['result'] as const,
    registers,
  });
  const importRows = new Counter({
    name: 'graftmatch_import_rows_total',
    help: 'Rows of those imports, by result: imported (inserted, updated or unchanged) or failed.',
    labelNames: ['result'] as const,
    registers,
  });
  for (const result of ['written', 'refused']) {
    imports.inc({ result }, 0);
  }
  for (const result of ['imported', 'failed']) {
    importRows.inc({ result }, 0);
  }
  new Gauge({
    name: 'graftmatch_import_last_timestamp_seconds',
    help: 'When the newest import of any instance or the command line was logged (Unix time); absent before the first.',
    registers,
    async collect() {
      const at = await newestImportAt(deps.database.db).catch(failedToRead('the import logs'));
      if (at === null) {
        this.reset();
      } else {
        this.set(Date.parse(at) / 1000);
      }
    },
  });

  let pushCounts: () => Record<TransportKind, number> = () => ({ WebSockets: 0, ServerSentEvents: 0, LongPolling: 0 });
  new Gauge({
    name: 'graftmatch_push_connections',
    help: 'Push connections open on this instance, by transport.',
    labelNames: ['transport'] as const,
    registers,
    collect() {
      const counts = pushCounts();
      for (const transport of TRANSPORTS) {
        this.set({ transport }, counts[transport]);
      }
    },
  });

  return {
    registry,
    mails: {
      queued: () => mailsQueued.inc(),
      sent: () => mailsSent.inc(),
      failed: () => mailsFailed.inc(),
      retried: () => mailRetries.inc(),
    },
    jobs: {
      expect(jobs) {
        for (const job of jobs) {
          jobRuns.inc({ job }, 0);
          jobFailures.inc({ job }, 0);
        }
      },
      ran(job, failed) {
        jobRuns.inc({ job });
        if (failed) {
          jobFailures.inc({ job });
        }
      },
    },
    imports: {
      done(result) {
        imports.inc({ result: result.refused ? 'refused' : 'written' });
        importRows.inc({ result: 'imported' }, result.imported);
        importRows.inc({ result: 'failed' }, result.failed);
      },
    },
    countPushConnections(count) {
      pushCounts = count;
    },
    async render() {
      return `${processSeries ? `${await processSeries.metrics()}\n` : ''}${await registry.metrics()}`;
    },
    contentType: registry.contentType,
  };
}
