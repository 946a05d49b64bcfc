// Work a request causes but need not wait for (the import's match alerts and push events,
// docs/import.md "Match alerts"): it starts once the answer has gone out and is awaited when the
// app closes, so a graceful shutdown never drops it. A crash before it finishes loses it, as it
// would lose a mail in flight.

export interface AfterAnswer {
  /** Runs `task` after the current answer is written; a failure is logged, never thrown. */
  run(what: string, task: () => Promise<unknown>): void;
  /** Resolves once every task started so far, and any they started, has finished. */
  drain(): Promise<void>;
}

export function createAfterAnswer(log: {
  error(details: Record<string, unknown>, message: string): void;
}): AfterAnswer {
  const pending = new Set<Promise<void>>();
  return {
    run(what, task) {
      const running = new Promise<void>((resolve) => setImmediate(resolve))
        .then(task)
        .then(
          () => undefined,
          (error: unknown) => log.error({ err: error, task: what }, 'work after the answer failed'),
        )
        .finally(() => pending.delete(running));
      pending.add(running);
    },
    async drain() {
      while (pending.size > 0) {
        await Promise.all(pending);
      }
    },
  };
}
