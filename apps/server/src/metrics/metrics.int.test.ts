import { HttpTransportType } from '@microsoft/signalr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/support/app';
import { createTestUser, loginAs } from '../../test/support/auth';
import { startSeededApp, type SeededApp } from '../../test/support/clinical';
import { csvFile, graftCells, uploadImport } from '../../test/support/imports';
import { connectPush, SHORT_PUSH_TIMINGS } from '../../test/support/push';
import { testEngineName } from '../../test/support/database';

const TOKEN = 'metrics-test-token-0123456789abcdef';

async function scrape(server: TestApp, token = TOKEN): Promise<Response> {
  return fetch(`${server.baseUrl}/metrics`, { headers: { authorization: `Bearer ${token}` } });
}

async function scrapeText(server: TestApp): Promise<string> {
  const response = await scrape(server);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
  // Never kept by a cache, and no anti-forgery cookie for a scraper.
  expect(response.headers.get('cache-control')).toBe('no-store');
  expect(response.headers.get('set-cookie')).toBeNull();
  return response.text();
}

/** One sample's value from the Prometheus text, by its name and exact label text; undefined when absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

/** The names of the series in a scrape, from their TYPE lines. */
function seriesNames(text: string): string[] {
  return [...text.matchAll(/^# TYPE (\S+) /gm)].map((match) => match[1] as string);
}

const HEALTH_OK = 'graftmatch_http_requests_total{method="GET",route="/api/health",status="200"}';
const GRAFT_401 = 'graftmatch_http_requests_total{method="GET",route="/api/physician/graftsearch/:lot",status="401"}';

describe(`metrics for Prometheus (${testEngineName()})`, () => {
  let server: TestApp;
  beforeAll(async () => {
    server = await startTestApp({ config: { metricsToken: TOKEN }, deps: { pushTimings: SHORT_PUSH_TIMINGS } });
  });
  afterAll(() => server.close());

  it('refuses a scrape without the token or with a wrong one with 401 problem+json', async () => {
    const attempts: Record<string, string>[] = [
      {},
      { authorization: 'Bearer wrong-token-wrong-token-0000' },
      { authorization: TOKEN },
    ];
    for (const headers of attempts) {
      const response = await fetch(`${server.baseUrl}/metrics`, { headers });
      expect(response.status).toBe(401);
      expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(response.headers.get('www-authenticate')).toContain('Bearer');
      expect(await response.text()).not.toContain('graftmatch_');
    }
  });

  it('counts the requests of a route by its pattern, method and status, exactly', async () => {
    const before = await scrapeText(server);
    const healthBefore = sample(before, HEALTH_OK) ?? 0;
    for (let index = 0; index < 3; index += 1) {
      expect((await fetch(`${server.baseUrl}/api/health`)).status).toBe(200);
    }
    const head = await fetch(`${server.baseUrl}/api/health`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    // Two lots, one pattern: the raw URL never becomes a label.
    for (const lot of ['LOT-A', 'LOT-B']) {
      expect((await fetch(`${server.baseUrl}/api/physician/graftsearch/${lot}`)).status).toBe(401);
    }
    const after = await scrapeText(server);
    expect(sample(after, HEALTH_OK)).toBe(healthBefore + 3);
    expect(sample(after, GRAFT_401)).toBe((sample(before, GRAFT_401) ?? 0) + 2);
    expect(after).not.toContain('LOT-A');
    const HEAD_OK = 'graftmatch_http_requests_total{method="HEAD",route="/api/health",status="200"}';
    expect(sample(after, HEAD_OK)).toBe((sample(before, HEAD_OK) ?? 0) + 1);
    const count = sample(
      after,
      'graftmatch_http_request_duration_seconds_count{method="GET",route="/api/health",status="200"}',
    );
    expect(count).toBe(healthBefore + 3);
    expect(
      sample(
        after,
        'graftmatch_http_request_duration_seconds_bucket{method="GET",route="/api/health",status="200",le="+Inf"}',
      ),
    ).toBe(count);
    // The scrapes themselves are not counted.
    expect(after).not.toContain('route="/metrics"');
  });

  it('lists the series of docs/operations.md by name', async () => {
    const text = await scrapeText(server);
    const names = seriesNames(text);
    const expected = [
      'graftmatch_http_requests_total',
      'graftmatch_http_request_duration_seconds',
      'graftmatch_push_connections',
      'graftmatch_imports_total',
      'graftmatch_import_rows_total',
      'graftmatch_mails_queued_total',
      'graftmatch_mails_sent_total',
      'graftmatch_mails_failed_total',
      'graftmatch_mail_retries_total',
      'graftmatch_mail_outbox_queued',
      'graftmatch_job_runs_total',
      'graftmatch_job_failures_total',
      'process_cpu_user_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_seconds',
    ];
    const pool = ['graftmatch_db_pool_in_use', 'graftmatch_db_pool_idle', 'graftmatch_db_pool_waiting'];
    expect(names).toEqual(expect.arrayContaining(expected));
    if (testEngineName() === 'postgres') {
      expect(names).toEqual(expect.arrayContaining(pool));
      expect(sample(text, 'graftmatch_db_pool_waiting')).toBe(0);
    } else {
      // SQLite has no pool: nothing to report.
      expect(names.filter((name) => pool.includes(name))).toEqual([]);
    }
    for (const transport of ['WebSockets', 'ServerSentEvents', 'LongPolling']) {
      expect(sample(text, `graftmatch_push_connections{transport="${transport}"}`)).toBe(0);
    }
    // The scheduler ran its due jobs before the app was ready.
    expect(sample(text, 'graftmatch_job_runs_total{job="request-lapse"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'graftmatch_job_failures_total{job="request-lapse"}')).toBe(0);
    expect(sample(text, 'graftmatch_imports_total{result="written"}')).toBe(0);
    expect(text).toMatch(/^# HELP graftmatch_http_requests_total /m);
  });

  it('counts a mail queued and sent (a login PIN)', async () => {
    const before = await scrapeText(server);
    const { email } = await createTestUser(server);
    await loginAs(server, email);
    const queued = sample(await scrapeText(server), 'graftmatch_mails_queued_total') ?? 0;
    expect(queued).toBe((sample(before, 'graftmatch_mails_queued_total') ?? 0) + 1);
    const sentBefore = sample(before, 'graftmatch_mails_sent_total') ?? 0;
    await expect
      .poll(async () => sample(await scrapeText(server), 'graftmatch_mails_sent_total'), { timeout: 10_000 })
      .toBe(sentBefore + 1);
  });

  it('counts the open push connections by transport', async () => {
    const { email } = await createTestUser(server);
    const client = await loginAs(server, email);
    const sockets = await connectPush(client);
    const stream = await connectPush(client, { transport: HttpTransportType.ServerSentEvents });
    const poll = await connectPush(client, { transport: HttpTransportType.LongPolling });
    const open = await scrapeText(server);
    for (const transport of ['WebSockets', 'ServerSentEvents', 'LongPolling']) {
      expect(sample(open, `graftmatch_push_connections{transport="${transport}"}`), transport).toBe(1);
    }
    await Promise.all([sockets, stream, poll].map((push) => push.connection.stop()));
    await expect
      .poll(async () => {
        const text = await scrapeText(server);
        return ['WebSockets', 'ServerSentEvents', 'LongPolling'].map((transport) =>
          sample(text, `graftmatch_push_connections{transport="${transport}"}`),
        );
      })
      .toEqual([0, 0, 0]);
  });

  it('answers 404 when no METRICS_TOKEN is set, token or not', async () => {
    const other = await startTestApp();
    try {
      for (const token of [TOKEN, 'anything']) {
        const response = await scrape(other, token);
        expect(response.status).toBe(404);
        expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      }
    } finally {
      await other.close();
    }
  });
});

describe(`import metrics (${testEngineName()})`, () => {
  let seeded: SeededApp;
  beforeAll(async () => {
    seeded = await startSeededApp({ config: { metricsToken: TOKEN } });
  }, 120_000);
  afterAll(() => seeded.server.close());

  it('counts an import, its imported and failed rows, and tells when the newest was', async () => {
    const before = await scrapeText(seeded.server);
    const file = csvFile([graftCells('METRICS-GOOD-1'), graftCells('METRICS-BAD-2', { t_Dproximal: 60 })], {
      delimiter: ';',
    });
    const startedAt = Math.floor(Date.now() / 1000);
    expect((await uploadImport(seeded.clients.employeeX, file)).status).toBe(200);
    const after = await scrapeText(seeded.server);
    const grew = (series: string) => (sample(after, series) ?? 0) - (sample(before, series) ?? 0);
    expect(grew('graftmatch_imports_total{result="written"}')).toBe(1);
    expect(grew('graftmatch_imports_total{result="refused"}')).toBe(0);
    expect(grew('graftmatch_import_rows_total{result="imported"}')).toBe(1);
    expect(grew('graftmatch_import_rows_total{result="failed"}')).toBe(1);
    expect(sample(after, 'graftmatch_import_last_timestamp_seconds')).toBeGreaterThanOrEqual(startedAt);
  });
});

describe(`request ids (${testEngineName()})`, () => {
  let direct: TestApp;
  let proxied: TestApp;
  beforeAll(async () => {
    direct = await startTestApp();
    proxied = await startTestApp({ config: { trustProxy: true } });
  });
  afterAll(async () => {
    await direct.close();
    await proxied.close();
  });

  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

  it('gives every request a new id, in the X-Request-Id header and in its log lines', async () => {
    const first = await fetch(`${direct.baseUrl}/api/health`, { headers: { 'x-request-id': 'from-a-client-1' } });
    const second = await fetch(`${direct.baseUrl}/api/no-such-route`);
    const ids = [first.headers.get('x-request-id'), second.headers.get('x-request-id')];
    // Without a trusted proxy, a client's id is not taken.
    for (const id of ids) {
      expect(id).toMatch(UUID);
    }
    expect(ids[0]).not.toBe(ids[1]);
    const logged = direct.logLines.filter((line) => line.includes(`"reqId":"${ids[0]}"`));
    expect(logged.some((line) => line.includes('request completed'))).toBe(true);
  });

  it("takes a trusted proxy's id when it is a safe short token, else makes one", async () => {
    const taken = await fetch(`${proxied.baseUrl}/api/health`, { headers: { 'x-request-id': 'lb-7f3a.9:b_c-1' } });
    expect(taken.headers.get('x-request-id')).toBe('lb-7f3a.9:b_c-1');
    expect(proxied.logLines.some((line) => line.includes('"reqId":"lb-7f3a.9:b_c-1"'))).toBe(true);
    for (const unsafe of ['has space', 'quote"', 'x'.repeat(65), '']) {
      const answer = await fetch(`${proxied.baseUrl}/api/health`, { headers: { 'x-request-id': unsafe } });
      expect(answer.headers.get('x-request-id'), unsafe).toMatch(UUID);
    }
  });
});
