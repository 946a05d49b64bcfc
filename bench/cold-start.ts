// Cold start: from spawning the server on an existing database until /api/health answers,
// against a bare Node.js + Fastify process started and polled the same way.
import { spawn } from 'node:child_process';
import { freePort, waitUntilHealthy } from '../apps/server/test/support/process';
import type { Benchmark } from './support/benchmark';
import { startServer, type BenchEnvironment } from './support/server';

const BARE_FASTIFY = `
import Fastify from 'fastify';
const app = Fastify();
app.get('/api/health', async () => ({ status: 'ok' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.once('SIGTERM', () => process.exit(0));
`;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

async function bareStartMs(): Promise<number> {
  const port = await freePort();
  const started = Date.now();
  const child = spawn(process.execPath, ['--input-type=module', '-e', BARE_FASTIFY], {
    env: { ...process.env, PORT: String(port) },
    cwd: process.cwd(),
    stdio: 'inherit',
  });
  try {
    await waitUntilHealthy(`http://127.0.0.1:${port}`, 30_000, 10);
    return Date.now() - started;
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

export interface ColdStart {
  serverMs: number;
  bareMs: number;
}

/** Median of `runs` starts of each. */
export async function measureColdStart(environment: BenchEnvironment, runs = 3): Promise<ColdStart> {
  const server: number[] = [];
  const bare: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const running = await startServer(environment);
    server.push(running.readyMs);
    await running.stop();
    bare.push(await bareStartMs());
  }
  return { serverMs: median(server), bareMs: median(bare) };
}

export const coldStartBenchmark: Benchmark = {
  name: 'cold-start',
  when: 'largest',
  async run({ environment, session, grafts }) {
    // The shared server holds the port and the database open; cold starts need it gone.
    await session.stop();
    const { serverMs, bareMs } = await measureColdStart(environment);
    return [
      {
        what: `cold start to ready (${grafts} grafts, median of 3)`,
        figure: `${serverMs} ms`,
        baseline: `${bareMs} ms bare Fastify`,
        ratio: bareMs / serverMs,
      },
    ];
  },
};
