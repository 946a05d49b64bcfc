// Sustained load: 200 concurrent clients for 60 s mixing searches, list reads and waiting-list
// writes against the real server (its own process). Prints errors, p50/p99 and the server's RSS
// before, at the peak and after the load, so a leak shows as growth that stays (docs/performance.md).
import { setTimeout as sleep } from 'node:timers/promises';
import type { WaitingListEntry } from '@graftmatch/domain';
import { FIRST_PAGE, realisticSearches } from './api';
import { load, type BenchRequest } from './support/autocannon';
import type { Benchmark } from './support/benchmark';
import { MIB, rssBytes } from './support/memory';

const CLIENTS = Number(process.env.BENCH_LOAD_CLIENTS ?? 200);
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 60);
/** Long enough for the server's timers and the waiting-list writes' after-work to finish. */
const SETTLE_MS = 10_000;
/**
 * A full round first, so "before" is the server's working set with its caches filled (the answer
 * cache alone holds some 30 MB of searches at 100,000 grafts), and growth after the load is a leak.
 */
const WARM_UP_SECONDS = SECONDS;

/** One physician client's cycle, as the web app asks: mostly searches, with list reads and writes in between. */
function physicianRequests(entryIds: readonly string[]): BenchRequest[] {
  const searches = realisticSearches();
  const requests: BenchRequest[] = [];
  searches.forEach((body, index) => {
    requests.push({ method: 'POST', path: `/api/physician/graftsearch${FIRST_PAGE}`, body });
    if (index % 4 === 0) {
      requests.push({ method: 'GET', path: `/api/physician/waitinglist${FIRST_PAGE}` });
    }
    if (index % 5 === 0 && entryIds.length > 0) {
      const id = entryIds[index % entryIds.length] ?? '';
      const body = JSON.stringify({ physician_Phone: `+49 30 5550 ${String(index).padStart(4, '0')}` });
      requests.push({ method: 'PATCH', path: `/api/physician/waitinglist/${id}`, body });
    }
  });
  return requests;
}

/**
 * The server's RSS after it has idled and run a full garbage collection: what the load left
 * behind. Without the collection, V8 gives memory back on its own time (some 30 s after a load,
 * sometimes later), and a reading shows the heap's size under load instead (docs/performance.md).
 */
async function settledRss(pid: number, collectGarbage?: () => Promise<void>): Promise<number> {
  await sleep(SETTLE_MS);
  await collectGarbage?.();
  return rssBytes(pid);
}

/** Samples the server's RSS while `work` runs and answers the highest value seen. */
async function peakRssDuring(pid: number, work: Promise<unknown>): Promise<number> {
  let peak = rssBytes(pid);
  const timer = setInterval(() => {
    peak = Math.max(peak, rssBytes(pid));
  }, 250);
  try {
    await work;
  } finally {
    clearInterval(timer);
  }
  return Math.max(peak, rssBytes(pid));
}

export const loadBenchmark: Benchmark = {
  name: 'load',
  when: 'largest',
  async run({ session }) {
    const { pid } = session;
    if (pid === undefined) {
      throw new Error('the load benchmark needs the server process id');
    }
    const entries = (await (
      await fetch(`${session.baseUrl}/api/physician/waitinglist`, { headers: session.physician.headers })
    ).json()) as WaitingListEntry[];
    const physician = {
      title: 'physicians',
      headers: session.physician.headers,
      requests: physicianRequests(entries.slice(0, 20).map((entry) => entry.waitinglistid)),
    };
    // One client in ten is a tissue bank reading its demand, as a ward and a bank would share a server.
    const bank = {
      title: 'tissue bank',
      headers: session.employee.headers,
      requests: [{ method: 'GET' as const, path: `/api/euteemployee/waitinglist${FIRST_PAGE}` }],
    };
    const bankClients = Math.max(1, Math.round(CLIENTS / 10));
    const runBoth = (seconds: number) =>
      Promise.all([
        load(session.baseUrl, physician, { connections: CLIENTS - bankClients, seconds }),
        load(session.baseUrl, bank, { connections: bankClients, seconds }),
      ]);

    await runBoth(WARM_UP_SECONDS);
    const before = await settledRss(pid, session.collectGarbage);
    const running = runBoth(SECONDS);
    const peak = await peakRssDuring(pid, running);
    const [physicians, banks] = await running;
    const after = await settledRss(pid, session.collectGarbage);

    const errors = physicians.failures + banks.failures;
    const non2xx = physicians.non2xx + banks.non2xx;
    const timeouts = physicians.timeouts + banks.timeouts;
    const requestsPerSecond = physicians.requestsPerSecond + banks.requestsPerSecond;
    const mib = (bytes: number) => `${(bytes / MIB).toFixed(0)} MiB`;
    return [
      {
        what: `mixed load, ${CLIENTS} clients, ${SECONDS} s (search, lists, waiting-list writes)`,
        figure:
          `${errors} errors (${non2xx} non-2xx, ${timeouts} timeouts), ${requestsPerSecond.toFixed(0)} req/s, ` +
          `p50 ${physicians.p50} ms, p99 ${Math.max(physicians.p99, banks.p99)} ms`,
      },
      {
        what: 'mixed load: server RSS before, at peak, after',
        figure: `${mib(before)}, ${mib(peak)}, ${mib(after)} (after − before ${mib(after - before)})`,
      },
    ];
  },
};
