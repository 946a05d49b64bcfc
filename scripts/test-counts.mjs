// CI's tally of what ran: the tests each pass ran, per project, read from vitest's JSON reports, held
// against the counts in .ci/test-counts.json. A pass that runs fewer tests than its count (a narrowed
// filter, a file no longer matched, a project left out) fails CI; when tests are added, the count may
// be raised (docs/performance.md "CI").
// Usage: node scripts/test-counts.mjs .ci/test-counts.json REPORT.json...   (a report's file name, less
// its ".json" and a trailing "-<number>" of a shard, names its pass)
import { readFileSync } from 'node:fs';
import path from 'node:path';

const [countsFile, ...reports] = process.argv.slice(2);
if (!countsFile || reports.length === 0) {
  console.error('usage: node scripts/test-counts.mjs COUNTS.json REPORT.json...');
  process.exit(2);
}

const projectOf = (file) =>
  file.includes('/packages/domain/')
    ? 'domain'
    : file.includes('/apps/web/')
      ? 'web'
      : file.includes('/e2e/')
        ? 'e2e'
        : 'server';

/** pass → project → { passed, skipped } */
const ran = {};
for (const report of reports) {
  const pass = path.basename(report, '.json').replace(/-\d+$/, '');
  const { testResults } = JSON.parse(readFileSync(report, 'utf8'));
  for (const file of testResults) {
    const tally = ((ran[pass] ??= {})[projectOf(file.name)] ??= { passed: 0, skipped: 0 });
    for (const test of file.assertionResults) {
      if (test.status === 'passed') {
        tally.passed += 1;
      } else if (test.status === 'skipped' || test.status === 'pending' || test.status === 'todo') {
        tally.skipped += 1;
      }
    }
  }
}

const expected = JSON.parse(readFileSync(countsFile, 'utf8'));
const short = [];
console.log('pass            project   passed  skipped  expected at least');
for (const pass of [...new Set([...Object.keys(expected), ...Object.keys(ran)])]) {
  for (const project of [...new Set([...Object.keys(expected[pass] ?? {}), ...Object.keys(ran[pass] ?? {})])]) {
    const { passed, skipped } = ran[pass]?.[project] ?? { passed: 0, skipped: 0 };
    const least = expected[pass]?.[project];
    console.log(
      `${pass.padEnd(15)} ${project.padEnd(8)} ${String(passed).padStart(7)} ${String(skipped).padStart(8)}  ${least ?? 'not counted'}`,
    );
    if (least !== undefined && passed < least) {
      short.push(`${pass}, ${project}: ${passed} passed, ${least} expected`);
    }
  }
}
if (short.length > 0) {
  console.error(`Fewer tests ran than ${countsFile} expects:\n  ${short.join('\n  ')}`);
  process.exit(1);
}
