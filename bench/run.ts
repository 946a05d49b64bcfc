// Benchmarks: the real server runs in its own process; every load figure is printed next to a
// baseline measured in the same run (a bare-Fastify twin answering the same bytes), so results
// compare across machines. Nothing here passes or fails on time. docs/performance.md explains.
//   npm run bench [-- --seconds 10 --rounds 3 --engines sqlite,postgres --grafts 100000 --entries 1000 --only api,pdf,dashboards,outcomes,load,import-memory,files-s3-memory,fhir-export,whole-bank,export-memory,import-under-load
//                    --import-rows 10000,100000]
//   the growth curve: node --import tsx bench/run.ts --only curve --grafts 10000,100000,1000000
//   the audit chain alone: node --import tsx bench/run.ts --only audit --grafts 1000
import os from 'node:os';
import { parseArgs } from 'node:util';
import { apiBenchmark, pdfBenchmark } from './api';
import { auditBenchmark } from './audit';
import { coldStartBenchmark } from './cold-start';
import { curveBenchmark } from './curve';
import { dashboardsBenchmark } from './dashboards';
import { exportMemoryBenchmark } from './export-memory';
import { fhirExportBenchmark } from './fhir-export';
import { importBenchmark } from './import';
import { importMemoryBenchmark } from './import-memory';
import { importUnderLoadBenchmark } from './import-under-load';
import { filesS3MemoryBenchmark } from './files-s3-memory';
import { lighthouseBenchmark } from './lighthouse';
import { loadBenchmark } from './load';
import { outcomesBenchmark } from './outcomes';
import { seedBenchData } from './seed';
import type { BenchContext, BenchOptions, Benchmark, BenchSession, Row } from './support/benchmark';
import { printRows, type PrintedRow } from './support/print';
import { createEnvironment, type BenchEnvironment, type Engine } from './support/server';
import { loginBytesBenchmark } from './web-bytes';
import { pushBenchmark } from './push';
import { wholeBankBenchmark } from './whole-bank';
import { openBenchDatabase } from './support/database';
import { startSession } from './support/session';

/** Every benchmark, in the order they run; each lives in its own file. */
const BENCHMARKS: Benchmark[] = [
  apiBenchmark,
  pdfBenchmark,
  dashboardsBenchmark,
  loginBytesBenchmark,
  lighthouseBenchmark,
  pushBenchmark,
  loadBenchmark,
  importBenchmark,
  importMemoryBenchmark,
  filesS3MemoryBenchmark,
  fhirExportBenchmark,
  auditBenchmark,
  coldStartBenchmark,
  // Each size of `--grafts` in turn: the cost as the work grows.
  curveBenchmark,
  // Late: it adds past implantations with 20,000 follow-ups to both banks, which would change the
  // figures of the bank lists after it.
  outcomesBenchmark,
  // After the follow-ups, so the quality view has grafts to count.
  wholeBankBenchmark,
  // Last: it adds grafts to one bank, which would change the figures of those after it.
  exportMemoryBenchmark,
  importUnderLoadBenchmark,
];

const DEMO_GRAFTS = 200;

function parseOptions() {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  const { values } = parseArgs({
    options: {
      seconds: { type: 'string', default: '5' },
      rounds: { type: 'string', default: '3' },
      connections: { type: 'string', default: '32' },
      grafts: { type: 'string', default: '100000' },
      entries: { type: 'string', default: '1000' },
      'import-rows': { type: 'string', default: '10000,100000' },
      engines: { type: 'string', default: adminUrl ? 'sqlite,postgres' : 'sqlite' },
      only: { type: 'string' },
    },
  });
  const options: BenchOptions = {
    seconds: Number(values.seconds),
    rounds: Number(values.rounds),
    connections: Number(values.connections),
    grafts: Number(values.grafts.split(',').at(-1)),
    sizes: values.grafts.split(',').map(Number),
    entries: Number(values.entries),
    importRows: values['import-rows'].split(',').map(Number),
  };
  const only = values.only?.split(',');
  const benchmarks = only ? BENCHMARKS.filter((benchmark) => only.includes(benchmark.name)) : BENCHMARKS;
  return { options, adminUrl, benchmarks, engines: values.engines.split(',') as Engine[] };
}

async function benchEngine(engine: Engine, first: boolean, run: ReturnType<typeof parseOptions>) {
  const rows: PrintedRow[] = [];
  const environment = await createEnvironment(engine, run.adminUrl);
  try {
    for (const grafts of [DEMO_GRAFTS, ...run.options.sizes]) {
      const large = grafts !== DEMO_GRAFTS;
      const due = run.benchmarks.filter(
        (benchmark) =>
          benchmark.when === 'each-size' ||
          (benchmark.when === 'largest' && large) ||
          (benchmark.when === 'once' && first && !large),
      );
      if (due.length === 0) {
        continue;
      }
      const seeded = Date.now();
      await openBenchDatabase(environment, (db) => seedBenchData(db, { grafts, entries: run.options.entries }));
      console.error(`[${engine}] ${grafts} grafts seeded in ${Date.now() - seeded} ms`);
      const session = await startSession(environment);
      const context: BenchContext = {
        options: run.options,
        environment,
        grafts,
        session,
        startSession: (extraEnv) => startBeside(environment, session, extraEnv),
      };
      try {
        for (const benchmark of due) {
          console.error(`[${engine}] ${grafts} grafts: ${benchmark.name}`);
          const produced: Row[] = await benchmark.run(context);
          rows.push(...produced.map((row) => ({ ...row, engine, grafts })));
        }
      } finally {
        await session.stop();
      }
    }
  } finally {
    await environment.dispose();
  }
  return rows;
}

/**
 * A second server with other settings. On SQLite one server holds a data folder (docs/operations.md),
 * so the running one stops meanwhile and starts again after, in the same session object (new port
 * and logins), which the benchmark keeps using.
 */
async function startBeside(environment: BenchEnvironment, main: BenchSession, extraEnv: Record<string, string>) {
  if (environment.engine !== 'sqlite') {
    return startSession(environment, extraEnv);
  }
  await main.stop();
  const other = await startSession(environment, extraEnv);
  return {
    ...other,
    async stop() {
      await other.stop();
      Object.assign(main, await startSession(environment));
    },
  };
}

async function main() {
  const run = parseOptions();
  console.log(
    `graftmatch bench: ${run.options.connections} connections, ${run.options.seconds} s per load, ` +
      `${run.options.rounds} rounds of server and baseline in turn, ` +
      `${run.options.sizes.join(', ')} grafts and ${run.options.entries} entries at the large sizes, engines ${run.engines.join(', ')}`,
  );
  // The figures are worth what the machine was doing meanwhile (docs/performance.md "How the figures are taken").
  const loadAverage = () =>
    os
      .loadavg()
      .map((load) => load.toFixed(2))
      .join(', ');
  console.log(`load average at the start: ${loadAverage()}`);
  const rows: PrintedRow[] = [];
  for (const [index, engine] of run.engines.entries()) {
    rows.push(...(await benchEngine(engine, index === 0, run)));
  }
  printRows(rows);
  console.log(`\nload average at the end (1, 5, 15 minutes): ${loadAverage()}`);
}

await main();
