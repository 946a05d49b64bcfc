// Import memory (docs/import.md "Limits"): the worst files within the 50 MB upload limit
// sent to the real server, one at a time, as dry runs. While each is read, the server's resident
// memory is sampled from /proc and /api/health is polled; the figure is the peak growth over the
// memory after a full garbage collection, against the goal of 300 MiB, and whether health answered.
//   node --import tsx bench/run.ts --only import-memory [--engines sqlite]   (after `npm run build`)
//   BENCH_IMPORT_FILES=rows.xlsx,bomb.xlsx picks files by name.
import { IMPORT_MAX_BYTES } from '@graftmatch/domain';
import {
  manyRowsCsv,
  manyRowsJson,
  manyRowsXlsx,
  sharedStringsXlsx,
  wideGraftsJson,
  wideRowsCsv,
  wideRowsXlsx,
  zipBombXlsx,
} from '../apps/server/test/support/hostile-files';
import { postImport } from './import';
import type { Benchmark, BenchSession, Row } from './support/benchmark';
import { MIB, rssBytes } from './support/memory';

const GOAL_MIB = 300;
const GIB = 1024 * MIB;
const HEALTH_EVERY_MS = 100;
const HEALTH_TIMEOUT_MS = 5000;

interface HostileFile {
  what: string;
  fileName: string;
  build(): Buffer | Promise<Buffer>;
}

const FILES: HostileFile[] = [
  { what: 'xlsx, 3,000,000 rows × 5 numbers', fileName: 'rows.xlsx', build: () => manyRowsXlsx(3_000_000) },
  { what: 'xlsx, 1,000 rows × 16,384 cells', fileName: 'wide.xlsx', build: () => wideRowsXlsx(1000) },
  {
    what: 'xlsx, 2,000,000 shared strings of 16 characters',
    fileName: 'strings.xlsx',
    build: () => sharedStringsXlsx(2_000_000, 16),
  },
  {
    what: 'xlsx, 2,000 shared strings of 32,000 characters',
    fileName: 'long-strings.xlsx',
    build: () => sharedStringsXlsx(2000, 32_000),
  },
  { what: 'xlsx zip bomb, sheet unpacks to 2 GiB', fileName: 'bomb.xlsx', build: () => zipBombXlsx(2 * GIB) },
  {
    what: 'xlsx zip bomb within the unpack limit, 500 MiB of one repeated row',
    fileName: 'bomb-500.xlsx',
    build: () => zipBombXlsx(500 * MIB),
  },
  { what: 'CSV, 4,200,000 rows', fileName: 'rows.csv', build: () => manyRowsCsv(4_200_000) },
  { what: 'CSV, 1,500 rows × 16,384 cells', fileName: 'wide.csv', build: () => wideRowsCsv(1500) },
  { what: 'JSON, 1,300,000 grafts', fileName: 'rows.json', build: () => manyRowsJson(1_300_000) },
  {
    what: 'JSON, 450 grafts × 10,000 unknown names',
    fileName: 'wide.json',
    build: () => wideGraftsJson(450),
  },
];

/** Polls /api/health until `stop` is called; answers how many polls answered 200 and the slowest. */
function pollHealth(baseUrl: string) {
  let running = true;
  const tally = { polls: 0, answered: 0, slowestMs: 0 };
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      tally.polls += 1;
      try {
        const answer = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(HEALTH_TIMEOUT_MS) });
        tally.answered += answer.ok ? 1 : 0;
        await answer.arrayBuffer();
      } catch {
        // Counted as not answered.
      }
      tally.slowestMs = Math.max(tally.slowestMs, performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, HEALTH_EVERY_MS));
    }
  })();
  return async () => {
    running = false;
    await loop;
    return tally;
  };
}

async function measure(session: BenchSession, pid: number, file: Buffer, fileName: string) {
  await session.collectGarbage?.();
  const base = rssBytes(pid);
  let peak = base;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssBytes(pid));
  }, 20);
  const stopHealth = pollHealth(session.baseUrl);
  try {
    const answer = await postImport(session.baseUrl, session.employee.headers, file, 'dryRun=true', fileName);
    peak = Math.max(peak, rssBytes(pid));
    return { answer, growthMib: (peak - base) / MIB, health: await stopHealth() };
  } finally {
    clearInterval(sampler);
    await stopHealth();
  }
}

/** What the server answered, briefly: the problem's detail, or the dry run's summary. */
function outcome(status: number, body: string): string {
  const parsed = JSON.parse(body) as { detail?: string; summary?: { rows: number; failed: number } };
  return status === 200 ? `200, ${parsed.summary?.rows} rows read` : `${status}: ${parsed.detail ?? ''}`;
}

export const importMemoryBenchmark: Benchmark = {
  name: 'import-memory',
  when: 'once',
  async run({ session }) {
    const pid = session.pid;
    if (pid === undefined) {
      throw new Error('the import memory benchmark needs the server’s process id');
    }
    const picked = process.env.BENCH_IMPORT_FILES?.split(',');
    const rows: Row[] = [];
    for (const hostile of FILES.filter((file) => !picked || picked.includes(file.fileName))) {
      const file = await hostile.build();
      if (file.length > IMPORT_MAX_BYTES) {
        throw new Error(`${hostile.fileName} has ${file.length} bytes, more than the upload limit`);
      }
      const { answer, growthMib, health } = await measure(session, pid, file, hostile.fileName);
      const said = outcome(answer.status, answer.body);
      const row = {
        what: `import memory: ${hostile.what} (${(file.length / 1e6).toFixed(1)} MB), goal < ${GOAL_MIB} MiB`,
        figure: `+${Math.round(growthMib)} MiB peak RSS; ${said.slice(0, 60)} after ${(answer.ms / 1000).toFixed(1)} s`,
        baseline: `/api/health ${health.answered}/${health.polls} answered, slowest ${Math.round(health.slowestMs)} ms`,
        ratio: GOAL_MIB / Math.max(growthMib, 1),
      };
      console.error(`[import-memory] ${hostile.fileName}: ${row.figure}; ${row.baseline}; ${said}`);
      rows.push(row);
    }
    return rows;
  },
};
