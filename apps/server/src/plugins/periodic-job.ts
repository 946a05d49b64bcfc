import type { FastifyInstance } from 'fastify';

/**
 * Runs `work` when the server is ready and then every `intervalMs`, never two runs at once; a
 * failure is logged with `failure` and the job runs again at the next tick. Close waits for a run.
 */
export function registerPeriodicJob(
  app: FastifyInstance,
  work: () => Promise<unknown>,
  intervalMs: number,
  failure: string,
): void {
  let running: Promise<unknown> | null = null;
  const run = () => {
    running ??= work()
      .catch((error: unknown) => app.log.error({ err: error }, failure))
      .finally(() => {
        running = null;
      });
    return running;
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    await run();
    timer = setInterval(() => void run(), intervalMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
