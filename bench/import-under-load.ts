// A bank's nightly import beside a busy server (docs/operations.md "Writers on SQLite"): ten files of
// 10,000 new rows each go in one after another through `graftmatch import`, a second process writing
// the same database, while 20 clients add and remove waiting-list entries over HTTP for at least 60 s.
// Goals: every file imported, no 5xx, no "database is locked" anywhere. The baseline is the same
// clients' throughput for 10 s before the imports start, in the same run.
//   node --import tsx bench/run.ts --only import-under-load --engines sqlite   (after `npm run build`)
//   BENCH_LOAD_SECONDS sets the load's length (default 60), BENCH_IMPORT_FILES the number of files (default 10).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEMO_EUTES } from '../apps/server/src/demo/seed-demo-data';
import { csvOf } from './import';
import type { Benchmark, Row } from './support/benchmark';
import { serverCommand, type BenchEnvironment } from './support/server';

const CLIENTS = 20;
const ROWS_PER_FILE = 10_000;
const BASELINE_SECONDS = 10;
const LOCKED = /database is locked|SQLITE_BUSY/i;

interface Tally {
  operations: number;
  statuses: Map<number, number>;
  locked: number;
  failures: number;
}

const newTally = (): Tally => ({ operations: 0, statuses: new Map(), locked: 0, failures: 0 });

/** One client: adds an entry, removes it, and again, until `running()` says stop. */
async function client(
  baseUrl: string,
  headers: Record<string, string>,
  index: number,
  tally: () => Tally,
  running: () => boolean,
) {
  const count = async (answer: Response) => {
    const body = await answer.text();
    const current = tally();
    current.operations += 1;
    current.statuses.set(answer.status, (current.statuses.get(answer.status) ?? 0) + 1);
    current.locked += LOCKED.test(body) ? 1 : 0;
    return body;
  };
  while (running()) {
    try {
      const added = await fetch(`${baseUrl}/api/physician/waitinglist`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          query_type: 1 + (index % 8),
          query_d_min: 15,
          query_d_max: 25,
          query_l_min: 10,
          query_l_l_min: 0,
          query_l_r_min: 0,
          patient_Code: 'K-03-2021',
          query_i_min: '2031-01-01',
          query_i_Max: '2031-03-01',
        }),
      });
      const body = await count(added);
      if (added.status === 201) {
        const { waitinglistid } = JSON.parse(body) as { waitinglistid: string };
        await count(await fetch(`${baseUrl}/api/physician/waitinglist/remove/${waitinglistid}`, { headers }));
      }
    } catch {
      tally().failures += 1;
    }
  }
}

/** `graftmatch import` of one file; answers its exit code and whether its output spoke of a lock. */
function importFile(
  environment: BenchEnvironment,
  bank: string,
  file: string,
): Promise<{ code: number | null; locked: boolean }> {
  const child = spawn(process.execPath, [...serverCommand(), 'import', '--bank', bank, file], {
    env: { PATH: process.env.PATH ?? '', ...environment.env, LOG_LEVEL: 'error' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, locked: LOCKED.test(output) }));
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export const importUnderLoadBenchmark: Benchmark = {
  name: 'import-under-load',
  when: 'largest',
  async run({ session, environment }): Promise<Row[]> {
    const seconds = Number(process.env.BENCH_LOAD_SECONDS ?? 60);
    const files = Number(process.env.BENCH_IMPORT_FILES ?? 10);
    const folder = mkdtempSync(path.join(os.tmpdir(), 'graftmatch-bench-load-'));
    try {
      const names = Array.from({ length: files }, (_, index) => {
        const name = path.join(folder, `nightly-${index}.csv`);
        writeFileSync(name, csvOf(ROWS_PER_FILE, `BENCH-LOAD-${Date.now()}-${index}`));
        return name;
      });
      const bank = DEMO_EUTES[0]?.euteNumber ?? '';
      const baseline = newTally();
      const during = newTally();
      let current = baseline;
      let running = true;
      const clients = Array.from({ length: CLIENTS }, (_, index) =>
        client(
          session.baseUrl,
          session.physician.headers,
          index,
          () => current,
          () => running,
        ),
      );
      await sleep(BASELINE_SECONDS * 1000);
      current = during;
      const started = performance.now();
      const imports: { code: number | null; locked: boolean }[] = [];
      const importing = (async () => {
        for (const name of names) {
          imports.push(await importFile(environment, bank, name));
        }
      })();
      await Promise.all([importing, sleep(seconds * 1000)]);
      const elapsed = (performance.now() - started) / 1000;
      running = false;
      await Promise.all(clients);

      const serverErrors = [...during.statuses].filter(([status]) => status >= 500).reduce((sum, [, n]) => sum + n, 0);
      const imported = imports.filter((result) => result.code === 0).length;
      const locked = during.locked + imports.filter((result) => result.locked).length;
      const perSecond = during.operations / elapsed;
      const basePerSecond = baseline.operations / BASELINE_SECONDS;
      const statuses = [...during.statuses].map(([status, n]) => `${n}× ${status}`).join(', ');
      console.error(
        `[import-under-load] ${imported}/${files} files in ${elapsed.toFixed(0)} s; ${statuses}; ${during.failures} broken connections`,
      );
      return [
        {
          what: `${files} × \`graftmatch import\` of ${ROWS_PER_FILE.toLocaleString('en-US')} rows while ${CLIENTS} clients add and remove entries (${seconds} s at least); goal: all imported, 0 5xx, 0 locked`,
          figure: `${imported}/${files} imported in ${elapsed.toFixed(0)} s; ${serverErrors} 5xx; ${locked} locked; ${during.failures} broken; ${perSecond.toFixed(0)} calls/s`,
          baseline: `${basePerSecond.toFixed(0)} calls/s without the imports (${BASELINE_SECONDS} s, same run)`,
          ratio: perSecond / basePerSecond,
        },
      ];
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  },
};
