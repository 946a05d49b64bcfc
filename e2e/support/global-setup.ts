import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type {} from 'vitest';
import type { TestProject } from 'vitest/node';
import { freePort, startCli, waitUntilHealthy } from '../../apps/server/test/support/process';

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

/** Starts the real `graftmatch serve --demo` (built web app, demo data) once for every journey. */
export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'graftmatch-e2e-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: baseUrl,
    LOG_LEVEL: 'warn',
  };
  const postgres = process.env.TEST_DATABASE_URL ? await createSchema(process.env.TEST_DATABASE_URL) : undefined;
  if (postgres) {
    env.DATABASE_URL = postgres.url;
  }
  const server = await startServer(env, baseUrl);
  project.provide('baseUrl', baseUrl);
  project.provide('dataDir', dataDir);
  // The command line (`graftmatch jobs run`) works on the server's database with the server's settings.
  project.provide('serverEnv', env);
  return async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
    await postgres?.drop();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
    serverEnv: Record<string, string>;
  }
}
