import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { CLI, freePort, waitUntilHealthy } from '../test/support/process';
const MODULE_LOG = fileURLToPath(new URL('../test/support/module-log.mjs', import.meta.url));

// Production starts the compiled server with plain Node.js (docs/decisions.md): no TypeScript
// loader at run time. The child process records every module it loads; the server tests' global
// setup (test/support/build-once.ts) built dist/cli.js from the current sources.
describe('the production start', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'graftmatch-built-'));
  const moduleLog = path.join(dataDir, 'modules.log');

  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('runs the compiled entry with plain node and loads no tsx, nor tracing without OTEL_EXPORTER_OTLP_ENDPOINT', async () => {
    const port = await freePort();
    const server = spawn(process.execPath, ['--import', MODULE_LOG, CLI, 'serve'], {
      env: {
        PATH: process.env.PATH ?? '',
        DATA_DIR: dataDir,
        HOST: '127.0.0.1',
        PORT: String(port),
        LOG_LEVEL: 'warn',
        GRAFTMATCH_MODULE_LOG: moduleLog,
      },
      stdio: 'inherit',
    });
    try {
      await waitUntilHealthy(`http://127.0.0.1:${port}`);
    } finally {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
    }
    const modules = readFileSync(moduleLog, 'utf8').split('\n').filter(Boolean);
    expect(modules.some((url) => url.endsWith('/apps/server/dist/cli.js'))).toBe(true);
    expect(modules.filter((url) => /\/tsx\/|\.tsx?$/.test(url))).toEqual([]);
    expect(modules.filter((url) => /opentelemetry|\/dist\/telemetry\.js$/.test(url))).toEqual([]);
  }, 120_000);
});
