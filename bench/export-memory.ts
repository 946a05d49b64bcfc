// Export memory (docs/import.md "Export", docs/performance.md "Exports"): the demo employee's bank,
// topped up to 60,000 grafts, exported in each format from the real server and read as it comes.
// While each runs, the server's resident memory is sampled from /proc and /api/health is polled;
// the figures are the peak growth over the memory after a full garbage collection, against the
// goal of 200 MiB, what stays after the next full collection, and the slowest health answer.
//   node --import tsx bench/run.ts --only export-memory --engines sqlite   (after `npm run build`)
//   BENCH_EXPORT_GRAFTS=60000 sets the bank's size.
import { fillBank } from '../apps/server/test/faults/bulk-data';
import { watchHealth } from '../apps/server/test/faults/health';
import type { Benchmark, Row } from './support/benchmark';
import { openBenchDatabase } from './support/database';
import { MIB, rssBytes } from './support/memory';
import { DEMO_EMPLOYEE } from './support/server';

const GOAL_MIB = 200;
const HEALTH_GOAL_MS = 200;
const FORMATS = ['csv', 'json', 'xlsx'] as const;

/** Reads the answer to its end without keeping it; answers its bytes. */
/** Reads an answer to its last byte; answers how many bytes came. */
export async function drain(answer: Response): Promise<number> {
  let bytes = 0;
  const reader = answer.body?.getReader();
  for (let read = await reader?.read(); read && !read.done; read = await reader?.read()) {
    bytes += read.value.byteLength;
  }
  return bytes;
}

export const exportMemoryBenchmark: Benchmark = {
  name: 'export-memory',
  when: 'largest',
  async run({ session, environment }): Promise<Row[]> {
    const pid = session.pid;
    if (pid === undefined) {
      throw new Error('the export memory benchmark needs the server’s process id');
    }
    const grafts = Number(process.env.BENCH_EXPORT_GRAFTS ?? 60_000);
    await openBenchDatabase(environment, async (db) => {
      const bank = await db
        .selectFrom('eutes')
        .innerJoin('euteMembers', 'euteMembers.euteId', 'eutes.id')
        .innerJoin('users', 'users.id', 'euteMembers.userId')
        .select('eutes.euteNumber')
        .where('users.email', '=', DEMO_EMPLOYEE)
        .executeTakeFirstOrThrow();
      await fillBank(db, bank.euteNumber ?? '', grafts);
    });
    const rows: Row[] = [];
    for (const format of FORMATS) {
      await session.collectGarbage?.();
      const base = rssBytes(pid);
      let peak = base;
      const sampler = setInterval(() => (peak = Math.max(peak, rssBytes(pid))), 20);
      const stopHealth = watchHealth(session.baseUrl);
      const started = performance.now();
      try {
        const answer = await fetch(`${session.baseUrl}/api/euteemployee/export?format=${format}`, {
          headers: { ...session.employee.headers, 'accept-encoding': 'identity' },
        });
        if (answer.status !== 200) {
          throw new Error(`the ${format} export answered ${answer.status}: ${await answer.text()}`);
        }
        const bytes = await drain(answer);
        const seconds = (performance.now() - started) / 1000;
        peak = Math.max(peak, rssBytes(pid));
        const health = await stopHealth();
        await session.collectGarbage?.();
        const kept = (rssBytes(pid) - base) / MIB;
        const growthMib = (peak - base) / MIB;
        const figures = `${(bytes / 1e6).toFixed(1)} MB in ${seconds.toFixed(1)} s; +${Math.round(kept)} MiB kept after a full collection`;
        console.error(`[export-memory] ${format}: +${Math.round(growthMib)} MiB peak; ${figures}`);
        rows.push(
          {
            what: `export memory: ${format} of a ${grafts.toLocaleString('en-US')}-graft bank, goal < ${GOAL_MIB} MiB`,
            figure: `+${Math.round(growthMib)} MiB peak RSS; ${figures}`,
            baseline: `goal ${GOAL_MIB} MiB`,
            ratio: GOAL_MIB / Math.max(growthMib, 1),
          },
          {
            what: `export ${format}: slowest /api/health while it ran, goal < ${HEALTH_GOAL_MS} ms`,
            figure: `${Math.round(health.slowestMs)} ms (${health.answered}/${health.polls} answered)`,
            baseline: `goal ${HEALTH_GOAL_MS} ms`,
            ratio: HEALTH_GOAL_MS / Math.max(health.slowestMs, 1),
          },
        );
      } finally {
        clearInterval(sampler);
        await stopHealth();
      }
    }
    return rows;
  },
};
