import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { PER_ANSWER_HEADERS } from '../../apps/server/src/http/answer-replay';
import { freePort, waitUntilHealthy } from '../../apps/server/test/support/process';

export interface LoadOptions {
  connections: number;
  seconds: number;
  /** How many times a load and its baseline are measured in turn; figures are the medians. */
  rounds: number;
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

/** Sent before the figures are taken, with the same connections: both servers' code is compiled by then. */
const WARM_UP_SECONDS = 1;

/** autocannon's own option, missing from its type definitions. */
interface WarmUp {
  warmup: { connections: number; duration: number };
}

export async function load(
  baseUrl: string,
  scenario: Scenario,
  options: Pick<LoadOptions, 'connections' | 'seconds'>,
): Promise<LoadResult> {
  const settings: autocannon.Options & WarmUp = {
    url: baseUrl,
    connections: options.connections,
    duration: options.seconds,
    warmup: { connections: options.connections, duration: WARM_UP_SECONDS },
    headers: scenario.headers,
    requests: scenario.requests.map((request) => ({
      method: request.method,
      path: request.path,
      ...(request.body ? { body: request.body } : {}),
    })),
  };
  const result = await autocannon(settings);
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

/**
 * One recorded answer, as it went over the wire: its bytes (base64) and its headers, the security
 * headers, `Content-Encoding` and `X-Total-Count` included; not those Node sets for every answer.
 */
export interface RecordedAnswer {
  body: string;
  headers: Record<string, string>;
}

const SET_PER_ANSWER = new Set<string>(PER_ANSWER_HEADERS);

/** One request's status and answer exactly as sent: not decompressed, unlike fetch. */
function rawAnswer(baseUrl: string, request: BenchRequest, headers: Record<string, string>) {
  return new Promise<{ status: number; answer: RecordedAnswer }>((resolve, reject) => {
    const outgoing = httpRequest(baseUrl + request.path, { method: request.method, headers }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('error', reject);
      incoming.on('end', () => {
        const kept: Record<string, string> = {};
        for (const [name, value] of Object.entries(incoming.headers)) {
          if (!SET_PER_ANSWER.has(name) && typeof value === 'string') {
            kept[name] = value;
          }
        }
        const body = Buffer.concat(chunks).toString('base64');
        resolve({ status: incoming.statusCode ?? 0, answer: { body, headers: kept } });
      });
    });
    outgoing.on('error', reject);
    outgoing.end(request.body);
  });
}

/** Records every request's answer from the real server once, to hand the same bytes to the twin. */
export async function recordAnswers(baseUrl: string, scenario: Scenario): Promise<Record<string, RecordedAnswer>> {
  const answers: Record<string, RecordedAnswer> = {};
  for (const request of scenario.requests) {
    const { status, answer } = await rawAnswer(baseUrl, request, scenario.headers);
    if (status < 200 || status >= 300) {
      throw new Error(`${scenario.title}: ${request.method} ${request.path} answered ${status}`);
    }
    answers[keyOf(request)] = answer;
  }
  return answers;
}

const TWIN = fileURLToPath(new URL('../twin-server.ts', import.meta.url));

/** Runs the bare-Fastify twin (or the minimal route) in its own process with these answers, for the duration of `use`. */
export async function withTwin<T>(
  answers: Record<string, RecordedAnswer>,
  use: (baseUrl: string) => Promise<T>,
  mode: 'twin' | 'minimal' = 'twin',
): Promise<T> {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'graftmatch-twin-'));
  const file = path.join(folder, 'answers.json');
  writeFileSync(file, JSON.stringify(answers));
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', TWIN, file, String(port), mode], {
    stdio: 'inherit',
  });
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
