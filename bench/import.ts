// The graft import (docs/import.md): a file of fresh, free grafts uploaded by the demo tissue-bank
// employee into a database holding the large size and its open waiting-list entries, so every
// import also matches its freed grafts against them. The baseline is a dry run of the same file in
// the same run: reading and checking every row, without the transaction, events and mails.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { ImportResult } from '@graftmatch/domain';
import { DEMO_EUTES } from '../apps/server/src/demo/seed-demo-data';
import type { Benchmark, Row } from './support/benchmark';
import { serverCommand, type BenchEnvironment } from './support/server';

// By default (`--import-rows`) the nightly sync of a large bank, 10,000 rows, and ten times that to show how it grows.
/** Goals of the command, process start included, by rows in the file (docs/performance.md "Imports"). */
const COMMAND_GOAL_MS: Record<number, number> = { 10_000: 3000, 100_000: 20_000 };
const GOAL_ROWS = 10_000;
const GOAL_MS = COMMAND_GOAL_MS[GOAL_ROWS] ?? 0;
const BOUNDARY = 'graftmatch-bench-boundary';

// A released, free graft of every type and a spread of sizes, in import columns (docs/import.md).
const HEADER = [
  'e_Lot',
  'x_Lot',
  't_ProdName_2',
  't_Dproximal',
  't_Ddistal',
  't_Lmin',
  't_Lmax',
  't_Lleft',
  't_Lright',
  'decellularization.status',
  'decellularization.outValue',
  'release.status',
  'release.outValue',
  'expiry.outValue',
];

export function csvOf(count: number, prefix: string): Uint8Array {
  const lines = [HEADER.join(',')];
  for (let index = 0; index < count; index += 1) {
    const lot = `${prefix}-${String(index).padStart(6, '0')}`;
    const diameter = 10 + (index % 31);
    lines.push(
      [
        lot,
        `X-${lot}`,
        1 + (index % 8),
        diameter,
        diameter,
        30,
        55,
        20,
        20,
        1,
        '2026-01-12',
        1,
        '2026-01-20',
        '2030-01-20',
      ].join(','),
    );
  }
  return new TextEncoder().encode(`${lines.join('\r\n')}\r\n`);
}

/** One multipart upload over node:http, which waits as long as the import takes (fetch gives up after 300 s). */
export function postImport(
  baseUrl: string,
  headers: Record<string, string>,
  file: Uint8Array,
  query: string,
  fileName = 'bench.csv',
): Promise<{ status: number; ms: number; body: string }> {
  const body = Buffer.concat([
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
  const { 'content-type': _json, ...rest } = headers;
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${baseUrl}/api/import/grafts?${query}`,
      {
        method: 'POST',
        headers: {
          ...rest,
          'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
          'content-length': body.length,
        },
      },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () =>
          resolve({
            status: answer.statusCode ?? 0,
            ms: performance.now() - started,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

async function upload(baseUrl: string, headers: Record<string, string>, file: Uint8Array, dryRun: boolean) {
  const { status, ms, body } = await postImport(baseUrl, headers, file, `dryRun=${dryRun}`);
  const result = JSON.parse(body) as ImportResult;
  if (status !== 200 || result.summary.failed > 0) {
    throw new Error(`import answered ${status}: ${body.slice(0, 300)}`);
  }
  return { ms, result };
}

/** Wall time of a process from spawn to exit; it must exit with 0. */
function timedRun(args: string[], env: Record<string, string>): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, args, { env: { PATH: process.env.PATH ?? '', ...env }, stdio: 'ignore' });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve(performance.now() - started) : reject(new Error(`${args.join(' ')} exited with ${code}`)),
    );
  });
}

/**
 * `graftmatch import` of a file of new rows beside the running server, process start included,
 * against a process that starts Node.js and exits (the part no command can avoid).
 */
export async function commandImportRow(
  environment: BenchEnvironment,
  size: number,
  entries: number,
  prefix: string,
): Promise<Row> {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'graftmatch-bench-import-'));
  try {
    const file = path.join(folder, 'nightly.csv');
    const csv = csvOf(size, prefix);
    writeFileSync(file, csv);
    const bank = DEMO_EUTES[0]?.euteNumber ?? '';
    const ms = await timedRun([...serverCommand(), 'import', '--bank', bank, file], {
      ...environment.env,
      LOG_LEVEL: 'error',
    });
    const bareMs = await timedRun(['-e', ''], {});
    const goal = COMMAND_GOAL_MS[size];
    return {
      what: `\`graftmatch import\` of ${size} new rows (${(csv.length / 1e6).toFixed(1)} MB CSV) against ${entries} open entries, process start included${goal ? `, goal ≤ ${goal / 1000} s` : ''}`,
      figure: `${Math.round(ms)} ms`,
      baseline: `${Math.round(bareMs)} ms for Node.js to start and exit`,
      ratio: bareMs / ms,
    };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

export const importBenchmark: Benchmark = {
  name: 'import',
  when: 'largest',
  async run({ session, options, environment, grafts }) {
    const rows: Row[] = [];
    for (const size of options.importRows) {
      const file = csvOf(size, `BENCH-IMPORT-${grafts}-${size}`);
      const dry = await upload(session.baseUrl, session.employee.headers, file, true);
      const real = await upload(session.baseUrl, session.employee.headers, file, false);
      const goal = size === GOAL_ROWS ? `, goal ≤ ${GOAL_MS / 1000} s` : '';
      rows.push({
        what: `import ${size} new rows (${(file.length / 1e6).toFixed(1)} MB CSV) against ${options.entries} open entries${goal}`,
        figure: `${Math.round(real.ms)} ms (${real.result.summary.inserted} inserted)`,
        baseline: `${Math.round(dry.ms)} ms dry run`,
        ratio: dry.ms / real.ms,
      });
    }
    for (const size of options.importRows) {
      rows.push(await commandImportRow(environment, size, options.entries, `BENCH-COMMAND-${grafts}-${size}`));
    }
    return rows;
  },
};
