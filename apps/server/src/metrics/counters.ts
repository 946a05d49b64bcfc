// What the server's parts report to its metrics (metrics/app-metrics.ts); the command line reports nothing.

/** What the mail worker and the mailer report (mail/mailer.ts, mail/mail-worker.ts). */
export interface MailCounters {
  queued(): void;
  sent(): void;
  /** Given up: the mail stays in the outbox as failed. */
  failed(): void;
  /** A temporary failure; it is tried again. */
  retried(): void;
}

/** What the job scheduler reports (jobs/scheduler.ts). */
export interface JobCounters {
  /** The jobs there are: each has its series from the start, at 0. */
  expect(jobs: readonly string[]): void;
  ran(job: string, failed: boolean): void;
}

/** What an import reports once it is done (dry runs report nothing). */
export interface ImportCounters {
  done(result: { refused: boolean; imported: number; failed: number }): void;
}
