import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort, startCli, waitUntilHealthy } from '../../apps/server/test/support/process';

// The real `graftmatch serve --demo` (built server and web app, demo data) for the journeys: the
// one every journey shares (global-setup.ts), and one of a journey's own where it needs other
// settings, such as a real SMTP peer (alerts.e2e.ts).

export interface DemoServer {
  baseUrl: string;
  dataDir: string;
  /** The server's settings, for the command line (`graftmatch jobs run`) on its database. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

/** A fresh PostgreSQL schema for this run, and a connection URL that works in it. */
async function createSchema(baseUrl: string) {
  const schema = `gm_e2e_${randomBytes(6).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create schema ${schema}`);
  const url = new URL(baseUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return { url: url.toString(), drop: () => admin(`drop schema ${schema} cascade`) };
}

/** Null when every file the app's start page names (and the service worker) is served, else the first missing one. */
async function missingWebAppFile(baseUrl: string): Promise<string | null> {
  const html = await (await fetch(`${baseUrl}/`)).text();
  const files = [...html.matchAll(/(?:src|href)="(\/[^"]+\.(?:js|css))"/g)].map((match) => match[1]!);
  for (const file of [...files, '/sw.js']) {
    if (!(await fetch(`${baseUrl}${file}`)).ok) {
      return file;
    }
  }
  return null;
}

/** The demo server, healthy and serving a complete web app. */
async function startServer(env: Record<string, string>, baseUrl: string): Promise<ChildProcess> {
  const server = startCli(['serve', '--demo'], env);
  let stderr = '';
  server.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  try {
    await waitUntilHealthy(baseUrl, 90_000);
    const missing = await missingWebAppFile(baseUrl);
    if (missing) {
      throw new Error(`the server answers 404 for ${missing}: build the web app first (npm run build -w apps/web)`);
    }
    return server;
  } catch (error) {
    server.kill('SIGKILL');
    throw new Error(`${(error as Error).message}\n${stderr}`);
  }
}

/**
 * Starts `graftmatch serve --demo` on a free port with a data directory of its own (and, when
 * TEST_DATABASE_URL is set, a PostgreSQL schema of its own), with `extraEnv` on top (SMTP_URL,
 * for instance). Without SMTP_URL its mails are .eml files in `dataDir/outbox`.
 */
export async function startDemoServer(extraEnv: Record<string, string> = {}): Promise<DemoServer> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'graftmatch-e2e-'));
  // A journey may choose the port, to name the server by another host in PUBLIC_URL (passkeys need `localhost`).
  const port = extraEnv.PORT ? Number(extraEnv.PORT) : await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: baseUrl,
    LOG_LEVEL: 'warn',
    ...extraEnv,
  };
  const postgres = process.env.TEST_DATABASE_URL ? await createSchema(process.env.TEST_DATABASE_URL) : undefined;
  if (postgres) {
    env.DATABASE_URL = postgres.url;
  }
  let server: ChildProcess;
  try {
    server = await startServer(env, baseUrl);
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    await postgres?.drop();
    throw error;
  }
  return {
    baseUrl,
    dataDir,
    env,
    stop: async () => {
      if (server.exitCode === null && server.signalCode === null) {
        const exited = new Promise((resolve) => server.once('exit', resolve));
        server.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
      await postgres?.drop();
    },
  };
}
