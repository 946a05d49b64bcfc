import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { CLI, freePort, waitUntilHealthy } from '../../apps/server/test/support/process';
import { outboxMailNames, readPinFromOutbox } from '../../e2e/support/outbox';

export type Engine = 'sqlite' | 'postgres';

/** The demo accounts the benchmarks act as. */
export const DEMO_PHYSICIAN = 'dr.berg@demo.graftmatch.example';
export const DEMO_EMPLOYEE = 'bank.north@demo.graftmatch.example';

/** One benchmark database: a fresh data folder, and on PostgreSQL a database of its own. */
export interface BenchEnvironment {
  engine: Engine;
  env: Record<string, string>;
  dataDir: string;
  dispose(): Promise<void>;
}

export async function createEnvironment(engine: Engine, adminUrl: string | undefined): Promise<BenchEnvironment> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'graftmatch-bench-'));
  const env: Record<string, string> = { DATA_DIR: dataDir };
  let dropDatabase = async () => {};
  if (engine === 'postgres') {
    if (!adminUrl) {
      throw new Error('PostgreSQL benchmarks need BENCH_DATABASE_URL (or TEST_DATABASE_URL)');
    }
    const name = `graftmatch_bench_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.toString();
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    };
  }
  return {
    engine,
    env,
    dataDir,
    async dispose() {
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface RunningServer {
  baseUrl: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

/** The command that starts the server: the compiled entry, as in production (`npm run bench` builds first). */
export function serverCommand(): string[] {
  return [CLI];
}

/**
 * Starts `graftmatch serve` in its own process on a free port and waits until it answers. With
 * `inspectorPort`, the server listens for the inspector there (loopback only), so a benchmark can
 * collect its garbage before reading its memory.
 */
export async function startServer(
  environment: BenchEnvironment,
  extraEnv: Record<string, string> = {},
  inspectorPort?: number,
) {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const inspect = inspectorPort === undefined ? [] : [`--inspect=127.0.0.1:${inspectorPort}`];
  const child = spawn(process.execPath, [...inspect, ...serverCommand(), 'serve'], {
    env: {
      PATH: process.env.PATH ?? '',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'error',
      ...environment.env,
      ...extraEnv,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const started = Date.now();
  await waitUntilHealthy(baseUrl, 120_000, 10);
  const readyMs = Date.now() - started;
  const server: RunningServer & { readyMs: number } = {
    baseUrl,
    process: child,
    readyMs,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((resolve) => child.once('exit', resolve));
      }
    },
  };
  return server;
}

/** Logs in through the real two-factor flow (the PIN from the outbox) and answers the request headers. */
export interface LoggedIn {
  /** Headers of an API call as this user: bearer token and anti-forgery pair. */
  headers: Record<string, string>;
  /** The session's refresh cookie, for a browser that should start logged in. */
  refreshCookie: string;
}

export async function login(baseUrl: string, dataDir: string, email: string): Promise<LoggedIn> {
  const started = Date.now();
  // Another server on the same data folder may have sent this user a PIN a moment ago.
  const earlier = await outboxMailNames(dataDir);
  const basic = `Basic ${Buffer.from(`${email}:demo-graftmatch`).toString('base64')}`;
  const first = await fetch(`${baseUrl}/api/auth/login`, { headers: { authorization: basic } });
  if (!first.ok) {
    throw new Error(`login failed: ${first.status} ${await first.text()}`);
  }
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(first.headers.getSetCookie().join(';'))?.[1] ?? '';
  const { twoFactor_Token, twoFactorId } = (await first.json()) as { twoFactor_Token: string; twoFactorId: string };
  const pin = await readPinFromOutbox(dataDir, email, started, undefined, earlier);
  const second = await fetch(`${baseUrl}/api/auth/twofactor`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${twoFactor_Token}`,
      'content-type': 'application/json',
      cookie: `XSRF-TOKEN=${xsrf}`,
      'x-xsrf-token': xsrf,
    },
    body: JSON.stringify({ passwordid: twoFactorId, password: pin }),
  });
  if (!second.ok) {
    throw new Error(`two-factor step failed: ${second.status} ${await second.text()}`);
  }
  const refreshCookie = /(?:^|;\s*)refresh=([^;]+)/.exec(second.headers.getSetCookie().join(';'))?.[1] ?? '';
  const { access_Token } = (await second.json()) as { access_Token: string };
  return {
    headers: {
      authorization: `Bearer ${access_Token}`,
      cookie: `XSRF-TOKEN=${xsrf}`,
      'x-xsrf-token': xsrf,
      'content-type': 'application/json',
    },
    refreshCookie,
  };
}
