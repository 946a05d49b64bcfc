// The README's test command: unit and integration tests (on PostgreSQL too when
// TEST_DATABASE_URL is set), then the browser journeys when Chromium is present.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const run = (command, args) => spawnSync(command, args, { stdio: 'inherit', env: process.env }).status ?? 1;

const engine = process.env.TEST_DATABASE_URL ? 'PostgreSQL (TEST_DATABASE_URL)' : 'SQLite';
console.log(`graftmatch tests: unit and integration on ${engine}`);
// Arguments after `npm test --` go to vitest (CI's PostgreSQL pass runs only the server project).
if (run('npx', ['vitest', 'run', ...process.argv.slice(2)]) !== 0) {
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
process.exit(run('npx', ['vitest', 'run', '--config', 'e2e/vitest.config.ts']));
