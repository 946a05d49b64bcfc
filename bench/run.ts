// Benchmarks: the real server runs in its own process with the demo data; autocannon loads it over
// loopback from this process. Every figure is printed with its ratio to a baseline (GET /api/health)
// measured in the same run, so results compare across machines. Nothing here passes or fails on time.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { freePort, startCli, waitUntilHealthy } from '../apps/server/test/support/process';
import { readPinFromOutbox } from '../e2e/support/outbox';

const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 10;
const PHYSICIAN = 'dr.berg@demo.graftmatch.example';
const EMPLOYEE = 'bank.north@demo.graftmatch.example';

interface Scenario {
  title: string;
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

async function login(baseUrl: string, dataDir: string, email: string): Promise<Record<string, string>> {
  const started = Date.now();
  const basic = `Basic ${Buffer.from(`${email}:demo-graftmatch`).toString('base64')}`;
  const first = await fetch(`${baseUrl}/api/auth/login`, { headers: { authorization: basic } });
  if (!first.ok) {
    throw new Error(`login failed: ${first.status} ${await first.text()}`);
  }
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(first.headers.getSetCookie().join(';'))?.[1] ?? '';
  const { twoFactor_Token, twoFactorId } = (await first.json()) as { twoFactor_Token: string; twoFactorId: string };
  const pin = await readPinFromOutbox(dataDir, email, started);
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
  const { access_Token } = (await second.json()) as { access_Token: string };
  return {
    authorization: `Bearer ${access_Token}`,
    cookie: `XSRF-TOKEN=${xsrf}`,
    'x-xsrf-token': xsrf,
    'content-type': 'application/json',
  };
}

async function measure(baseUrl: string, scenario: Scenario) {
  const result = await autocannon({
    url: baseUrl + scenario.path,
    method: scenario.method,
    headers: scenario.headers,
    body: scenario.body,
    connections: CONNECTIONS,
    duration: DURATION_SECONDS,
  });
  const failures = result.non2xx + result.errors + result.timeouts;
  if (failures > 0) {
    throw new Error(`${scenario.title}: ${failures} of ${result.requests.total} requests failed`);
  }
  return { requestsPerSecond: result.requests.average, p99: result.latency.p99 };
}

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'graftmatch-bench-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = startCli(['serve', '--demo'], {
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: String(port),
    LOG_LEVEL: 'error',
  });
  try {
    await waitUntilHealthy(baseUrl);
    const physician = await login(baseUrl, dataDir, PHYSICIAN);
    const employee = await login(baseUrl, dataDir, EMPLOYEE);
    const scenarios: Scenario[] = [
      { title: 'baseline GET /api/health', method: 'GET', path: '/api/health' },
      {
        title: 'graft search (aortic valves 18-26 mm)',
        method: 'POST',
        path: '/api/physician/graftsearch',
        headers: physician,
        body: JSON.stringify({
          query_type: 5,
          query_d_min: 18,
          query_d_max: 26,
          query_l_min: 10,
          query_l_l_min: 0,
          query_l_r_min: 0,
        }),
      },
      {
        title: 'own waiting list with fitting counts',
        method: 'GET',
        path: '/api/physician/waitinglist',
        headers: physician,
      },
      {
        title: 'tissue bank demand (all open entries)',
        method: 'GET',
        path: '/api/euteemployee/waitinglist',
        headers: employee,
      },
    ];
    console.log(
      `graftmatch bench: ${CONNECTIONS} connections, ${DURATION_SECONDS} s per scenario, server in its own process`,
    );
    let baseline = 0;
    for (const scenario of scenarios) {
      const { requestsPerSecond, p99 } = await measure(baseUrl, scenario);
      baseline ||= requestsPerSecond;
      const ratio = (requestsPerSecond / baseline).toFixed(3);
      console.log(
        `${scenario.title.padEnd(44)} ${requestsPerSecond.toFixed(0).padStart(7)} req/s  p99 ${String(p99).padStart(4)} ms  ratio to baseline ${ratio}`,
      );
    }
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
