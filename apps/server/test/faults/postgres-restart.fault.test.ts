import { spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/process';
import { testEngineName } from '../support/database';
import { sleep, startFaultServer, type FaultServer } from './fault-server';

// A throwaway PostgreSQL server of the test's own (initdb into a temporary folder, a free port),
// restarted under the running app. initdb and postgres refuse to run as root, so they run as the
// `postgres` user when the test runs as root. Runs in the PostgreSQL pass (TEST_DATABASE_URL).

const BIN = existsSync('/usr/lib/postgresql')
  ? readdirSync('/usr/lib/postgresql')
      .map((version) => path.join('/usr/lib/postgresql', version, 'bin'))
      .find((bin) => existsSync(path.join(bin, 'initdb')))
  : undefined;
const runs = testEngineName() === 'postgres' && BIN !== undefined;
if (!runs) {
  console.warn(
    `fault suite: PostgreSQL restart not run (${BIN ? 'runs in the PostgreSQL pass, with TEST_DATABASE_URL' : 'no initdb under /usr/lib/postgresql'})`,
  );
}

function pgTool(tool: string, args: string[]) {
  const command = path.join(BIN ?? '', tool);
  const asRoot = process.getuid?.() === 0;
  // Output to the log file, not to pipes: a started postmaster would hold a pipe open for its life.
  const result = spawnSync(asRoot ? 'runuser' : command, asRoot ? ['-u', 'postgres', '--', command, ...args] : args, {
    encoding: 'utf8',
    timeout: 120_000,
    stdio: ['ignore', 'ignore', 'ignore'],
  });
  if (result.status !== 0) {
    throw new Error(`${tool} ${args.join(' ')} failed with ${result.status ?? result.signal}; see the PostgreSQL log`);
  }
}

async function untilStatus(baseUrl: string, status: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const answer = await fetch(`${baseUrl}/api/ready`).catch(() => null);
    if (answer?.status === status) {
      return;
    }
    await sleep(250);
  }
  throw new Error(`/api/ready did not answer ${status} within ${timeoutMs} ms`);
}

describe.runIf(runs)('fault: PostgreSQL restarts under a running app', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'graftmatch-pg-'));
  const pgData = path.join(dir, 'pgdata');
  let server: FaultServer | undefined;
  afterAll(async () => {
    await server?.kill('SIGTERM');
    spawnSync('runuser', [
      '-u',
      'postgres',
      '--',
      path.join(BIN ?? '', 'pg_ctl'),
      '-D',
      pgData,
      '-m',
      'immediate',
      'stop',
    ]);
    rmSync(dir, { recursive: true, force: true });
  });

  it(
    'First the database goes away: the app stays up and readiness says 503; then it is back: readiness 200 and requests succeed',
    { timeout: 240_000 },
    async () => {
      if (process.getuid?.() === 0) {
        chownSync(dir, Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout.trim()), -1);
      }
      const port = await freePort();
      pgTool('initdb', ['-D', pgData, '-U', 'postgres', '--auth=trust', '--no-sync']);
      const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
      pgTool('pg_ctl', ['-D', pgData, '-o', options, '-w', 'start']);
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'graftmatch-pg-data-'));
      server = await startFaultServer({
        DATA_DIR: dataDir,
        DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/postgres`,
      });
      await untilStatus(server.baseUrl, 200, 10_000);

      pgTool('pg_ctl', ['-D', pgData, '-m', 'fast', '-w', 'stop']);
      await untilStatus(server.baseUrl, 503, 30_000);
      await sleep(1000);
      expect(server.child.exitCode).toBeNull();

      pgTool('pg_ctl', ['-D', pgData, '-o', options, '-w', 'start']);
      await untilStatus(server.baseUrl, 200, 60_000);
      const answers = await Promise.all(Array.from({ length: 20 }, () => fetch(`${server?.baseUrl}/api/ready`)));
      expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: 20 }, () => 200));
      expect(server.child.exitCode).toBeNull();
      expect(server.output()).not.toContain("Unhandled 'error' event");
      rmSync(dataDir, { recursive: true, force: true });
    },
  );
});
