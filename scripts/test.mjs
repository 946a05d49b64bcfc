// The README's test command: unit and integration tests (on PostgreSQL too when
// TEST_DATABASE_URL is set), then the browser journeys when Chromium is present.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { stripVTControlCharacters } from 'node:util';

const run = (command, args) => spawnSync(command, args, { stdio: 'inherit', env: process.env }).status ?? 1;

// CI keeps each vitest run's JSON report in TEST_REPORTS_DIR and counts what ran (scripts/test-counts.mjs).
const reportsDir = process.env.TEST_REPORTS_DIR;
const reportTo = (name) =>
  reportsDir ? ['--reporter=default', '--reporter=json', `--outputFile.json=${reportsDir}/${name}.json`] : [];

const engine = process.env.TEST_DATABASE_URL ? 'PostgreSQL (TEST_DATABASE_URL)' : 'SQLite';
console.log(`graftmatch tests: unit and integration on ${engine}`);
// Arguments after `npm test --` go to vitest (CI's PostgreSQL pass runs only the server project).
if (
  run('npx', ['vitest', 'run', ...reportTo(process.env.TEST_REPORT_NAME ?? 'tests'), ...process.argv.slice(2)]) !== 0
) {
  process.exit(1);
}

// CI runs the journeys in one of its two passes only (docs/decisions.md, "CI").
if (process.env.BROWSER_JOURNEYS === 'off') {
  console.log('Browser journeys not run: BROWSER_JOURNEYS=off (CI runs them in its PostgreSQL pass).');
  process.exit(0);
}

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  const message = `Browser journeys not run: Chromium not found at ${chromium} (install it with: apt-get install -y chromium).`;
  console.log(message);
  process.exit(process.env.E2E_REQUIRED === '1' ? 1 : 0);
}
if (run('npm', ['run', 'build', '--workspace', 'apps/web']) !== 0) {
  process.exit(1);
}

// The journeys in E2E_SHARDS groups side by side (2 by default), each with its own demo server and
// database (e2e/support/global-setup.ts): a journey waits on the browser and the server more than
// it computes, so two groups share the two cores well (docs/performance.md "CI").
// Journeys that hold what a user sees to a time (a kept page offline within 1 s) run alone after the
// groups, so that they time the app and not the other group (docs/decisions.md, "CI").
const shards = Math.max(1, Number(process.env.E2E_SHARDS ?? 2));
// axe looks at each screen once a run, whichever group shows it first (e2e/support/coverage.ts).
process.env.E2E_AXE_LEDGER = path.join(mkdtempSync(path.join(os.tmpdir(), 'graftmatch-axe-')), 'checked.txt');
const timedAlone = ['e2e/offline.e2e.ts'];
// A group that fails early has its failures printed again at the very end, where a log's tail shows them.
const failures = [];
const journeys = (label, report, filters) =>
  new Promise((resolve) => {
    const child = spawn('npx', ['vitest', 'run', '--config', 'e2e/vitest.config.ts', ...reportTo(report), ...filters], {
      env: process.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const lines = [];
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream }).on('line', (line) => {
        lines.push(line);
        console.log(label + line);
      });
    }
    child.on('close', (code) => {
      if (code !== 0) failures.push(...failureReport(lines).map((line) => label + line));
      resolve(code ?? 1);
    });
  });
// Vitest's own account of what failed starts at its "Failed Tests" or "Errors" banner; else the last lines.
const failureReport = (lines) => {
  const start = lines.findIndex((line) =>
    /⎯ *(Failed Tests|Unhandled Errors?|Failed Suites)/.test(stripVTControlCharacters(line)),
  );
  return (start >= 0 ? lines.slice(start) : lines.slice(-60)).slice(0, 200);
};
const notTimed = timedAlone.flatMap((file) => ['--exclude', file]);
const codes = await Promise.all(
  Array.from({ length: shards }, (_, index) =>
    shards > 1
      ? journeys(`[journeys ${index + 1}/${shards}] `, `journeys-${index + 1}`, [
          ...notTimed,
          `--shard=${index + 1}/${shards}`,
        ])
      : journeys('', 'journeys-1', notTimed),
  ),
);
codes.push(await journeys('[timed journeys, alone] ', 'journeys-timed', timedAlone));
if (failures.length > 0) {
  console.log('\nBrowser journeys that failed, again:');
  for (const line of failures) console.log(line);
}
process.exit(codes.every((code) => code === 0) ? 0 : 1);
