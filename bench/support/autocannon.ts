import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { freePort, waitUntilHealthy } from '../../apps/server/test/support/process';

export interface LoadOptions {
  connections: number;
  seconds: number;
}

/** One request of a scenario; a scenario cycles through its requests on every connection. */
export interface BenchRequest {
  method: 'GET' | 'POST' | 'PATCH';
  path: string;
  body?: string;
}

export interface Scenario {
  title: string;
  headers: Record<string, string>;
  requests: BenchRequest[];
}

export interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  failures: number;
  /** The failures by kind: answers other than 2xx, and requests with no answer in time. */
  non2xx: number;
  timeouts: number;
}

export async function load(baseUrl: string, scenario: Scenario, options: LoadOptions): Promise<LoadResult> {
  const result = await autocannon({
    url: baseUrl,
    connections: options.connections,
    duration: options.seconds,
    headers: scenario.headers,
    requests: scenario.requests.map((request) => ({
      method: request.method,
      path: request.path,
      ...(request.body ? { body: request.body } : {}),
    })),
  });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
    non2xx: result.non2xx,
    timeouts: result.timeouts,
  };
}

const keyOf = (request: BenchRequest) =>
  request.method === 'GET' ? `GET ${request.path}` : `${request.method} ${request.path} ${request.body ?? ''}`;

/** Fetches every request's answer from the real server once, to hand the same bytes to the twin. */
export async function recordAnswers(baseUrl: string, scenario: Scenario): Promise<Record<string, string>> {
  const answers: Record<string, string> = {};
  for (const request of scenario.requests) {
    const response = await fetch(baseUrl + request.path, {
      method: request.method,
      headers: scenario.headers,
      ...(request.body ? { body: request.body } : {}),
    });
    if (!response.ok) {
      throw new Error(`${scenario.title}: ${request.method} ${request.path} answered ${response.status}`);
    }
    answers[keyOf(request)] = Buffer.from(await response.arrayBuffer()).toString('base64');
  }
  return answers;
}

const TWIN = fileURLToPath(new URL('../twin-server.ts', import.meta.url));

/** Runs the bare-Fastify twin in its own process with these answers, for the duration of `use`. */
export async function withTwin<T>(answers: Record<string, string>, use: (baseUrl: string) => Promise<T>): Promise<T> {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'graftmatch-twin-'));
  const file = path.join(folder, 'answers.json');
  writeFileSync(file, JSON.stringify(answers));
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', TWIN, file, String(port)], { stdio: 'inherit' });
  try {
    const baseUrl = `http://127.0.0.1:${port}`;
    await waitUntilHealthy(baseUrl, 30_000, 50);
    return await use(baseUrl);
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    rmSync(folder, { recursive: true, force: true });
  }
}
