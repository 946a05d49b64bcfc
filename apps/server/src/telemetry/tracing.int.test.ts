import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testEngineName, type TestDatabase } from '../../test/support/database';
import { freePort, startCli, waitForExit, waitUntilHealthy } from '../../test/support/process';

interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  attributes: { key: string; value: Record<string, unknown> }[];
}
interface OtlpExport {
  resourceSpans: {
    resource: { attributes: { key: string; value: Record<string, unknown> }[] };
    scopeSpans: { spans: OtlpSpan[] }[];
  }[];
}

const attribute = (span: OtlpSpan, key: string) =>
  Object.values(span.attributes.find((entry) => entry.key === key)?.value ?? {})[0];

// The compiled server, started as in production with OTEL_EXPORTER_OTLP_ENDPOINT set, sends its
// traces to a local OTLP/HTTP receiver: this plain HTTP server stands in for the collector, which
// has no local peer here. The exporter posts JSON to /v1/traces.
describe(`traces to an OTLP/HTTP receiver (${testEngineName()})`, () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'graftmatch-traces-'));
  const received: { contentType: string | undefined; body: string }[] = [];
  const receiver = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.method === 'POST' && request.url === '/v1/traces') {
        received.push({ contentType: request.headers['content-type'], body: Buffer.concat(chunks).toString('utf8') });
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  let database: TestDatabase | null = null;

  const spans = () =>
    received.flatMap(({ body }) =>
      (JSON.parse(body) as OtlpExport).resourceSpans.flatMap((resource) =>
        resource.scopeSpans.flatMap((scope) => scope.spans),
      ),
    );

  beforeAll(async () => {
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    if (process.env.TEST_DATABASE_URL) {
      database = await createTestDatabase();
    }
  });
  afterAll(async () => {
    await new Promise((resolve) => receiver.close(resolve));
    await database?.cleanup();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('sends the trace of a request, continuing the caller’s, with its database calls on PostgreSQL and no secret of the URL', async () => {
    const port = await freePort();
    const target = database?.target;
    const databaseUrl =
      target?.engine === 'postgres'
        ? `${target.url}${target.url.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${target.schema}`)}`
        : undefined;
    const server = startCli(['serve'], {
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: String(port),
      OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`,
      OTEL_SERVICE_NAME: 'graftmatch-under-test',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    });
    const exited = waitForExit(server, 90_000);
    const baseUrl = `http://127.0.0.1:${port}`;
    const traceId = randomBytes(16).toString('hex');
    try {
      await waitUntilHealthy(baseUrl);
      const ready = await fetch(`${baseUrl}/api/ready`, {
        headers: { traceparent: `00-${traceId}-${randomBytes(8).toString('hex')}-01` },
      });
      expect(ready.status).toBe(200);
      await fetch(`${baseUrl}/api/push/negotiate?access_token=secret-in-the-url`);
    } finally {
      // The spans still buffered go out at shutdown.
      server.kill('SIGTERM');
    }
    const finished = await exited;
    expect(finished.code, finished.stderr).toBe(0);

    expect(received.length).toBeGreaterThan(0);
    for (const { contentType } of received) {
      expect(contentType).toBe('application/json');
    }
    const ours = spans().filter((span) => span.traceId === traceId);
    const request = ours.find((span) => span.name === 'request');
    expect(request).toBeDefined();
    expect(attribute(request as OtlpSpan, 'http.route')).toBe('/api/ready');
    expect(attribute(request as OtlpSpan, 'http.response.status_code')).toBe(200);
    const service = JSON.parse(received[0]?.body ?? '{}') as OtlpExport;
    expect(service.resourceSpans[0]?.resource.attributes).toEqual(
      expect.arrayContaining([{ key: 'service.name', value: { stringValue: 'graftmatch-under-test' } }]),
    );
    const queries = ours.filter((span) => span.name.startsWith('pg.query'));
    if (testEngineName() === 'postgres') {
      expect(queries.map((span) => attribute(span, 'db.query.text'))).toContain('select 1');
    } else {
      expect(queries).toEqual([]);
    }
    const paths = spans().map((span) => attribute(span, 'url.path'));
    expect(paths).toContain('/api/push/negotiate?access_token=[redacted]');
    expect(received.some(({ body }) => body.includes('secret-in-the-url'))).toBe(false);
  }, 120_000);
});
