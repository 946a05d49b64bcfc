// Watches `/api/health` while a test loads the server (docs/operations.md "Health"): one poll
// after another, each timed from the request to the end of its answer.

const POLL_EVERY_MS = 50;
const GIVE_UP_MS = 10_000;

export interface HealthTally {
  polls: number;
  answered: number;
  slowestMs: number;
}

/** Polls until the returned function is called; that answers how many polls answered 200 and the slowest. */
export function watchHealth(baseUrl: string): () => Promise<HealthTally> {
  let running = true;
  const tally: HealthTally = { polls: 0, answered: 0, slowestMs: 0 };
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      tally.polls += 1;
      try {
        const answer = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(GIVE_UP_MS) });
        await answer.arrayBuffer();
        tally.answered += answer.ok ? 1 : 0;
      } catch {
        // Counted as not answered; the slowest time shows how long it was waited for.
      }
      tally.slowestMs = Math.max(tally.slowestMs, performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, POLL_EVERY_MS));
    }
  })();
  return async () => {
    running = false;
    await loop;
    return tally;
  };
}
