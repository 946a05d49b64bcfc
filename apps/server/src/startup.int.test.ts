import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../test/support/process';
import { startS3Peer } from '../test/support/s3';

const scratch = mkdtempSync(path.join(os.tmpdir(), 'graftmatch-startup-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function expectOneClearLine(stderr: string, pattern: RegExp) {
  const lines = stderr.trim().split('\n');
  expect(lines, stderr).toHaveLength(1);
  expect(lines[0]).toMatch(/^graftmatch: /);
  expect(lines[0]).toMatch(pattern);
}

describe('start-up refuses a bad environment with one clear line', () => {
  it('names a DATA_DIR that cannot be written and says what to do', async () => {
    const aFile = path.join(scratch, 'not-a-folder');
    writeFileSync(aFile, 'x');
    const result = await runCli(['serve'], { DATA_DIR: path.join(aFile, 'data'), PORT: '0' });
    expect(result.code).toBe(1);
    expectOneClearLine(
      result.stderr,
      /DATA_DIR ".*not-a-folder\/data" is not a writable folder \(ENOTDIR\); set DATA_DIR/,
    );
  });

  it('refuses a malformed DATABASE_URL', async () => {
    const result = await runCli(['serve'], { DATA_DIR: scratch, PORT: '0', DATABASE_URL: 'not a url' });
    expect(result.code).toBe(1);
    expectOneClearLine(result.stderr, /DATABASE_URL is not a valid URL; use postgres:\/\//);
  });

  it('refuses a METRICS_TOKEN short enough to guess', async () => {
    const result = await runCli(['serve'], { DATA_DIR: scratch, PORT: '0', METRICS_TOKEN: 'secret' });
    expect(result.code).toBe(1);
    expectOneClearLine(result.stderr, /METRICS_TOKEN must be at least 16 visible characters/);
  });

  it('refuses a DATABASE_URL of another kind of database', async () => {
    const result = await runCli(['serve'], { DATA_DIR: scratch, PORT: '0', DATABASE_URL: 'mysql://root@localhost/db' });
    expect(result.code).toBe(1);
    expectOneClearLine(result.stderr, /DATABASE_URL must start with postgres:\/\//);
  });

  it('says when PostgreSQL cannot be reached', async () => {
    const result = await runCli(['serve'], {
      DATA_DIR: scratch,
      PORT: '0',
      DATABASE_URL: 'postgres://postgres@127.0.0.1:1/graftmatch',
    });
    expect(result.code).toBe(1);
    expectOneClearLine(
      result.stderr,
      /cannot connect to PostgreSQL at 127\.0\.0\.1:1\/graftmatch \(ECONNREFUSED.*check DATABASE_URL/,
    );
  });

  it('refuses a file store it does not know, and FILE_STORE=s3 without a bucket', async () => {
    const unknown = await runCli(['serve'], { DATA_DIR: scratch, PORT: '0', FILE_STORE: 'nfs' });
    expect(unknown.code).toBe(1);
    expectOneClearLine(unknown.stderr, /FILE_STORE must be disk or s3, got "nfs"/);
    const noBucket = await runCli(['serve'], { DATA_DIR: scratch, PORT: '0', FILE_STORE: 's3' });
    expect(noBucket.code).toBe(1);
    expectOneClearLine(noBucket.stderr, /FILE_STORE=s3 needs S3_BUCKET, the name of an existing bucket/);
  });

  it('stops when the S3 bucket does not exist, before it opens the database', async () => {
    const peer = await startS3Peer(null);
    try {
      const dataDir = path.join(scratch, 's3-data');
      const result = await runCli(['serve'], {
        DATA_DIR: dataDir,
        PORT: '0',
        ...peer.env,
        // The SDK's notice that its releases after January 2027 need Node 22 would be a second line.
        AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      });
      expect(result.code).toBe(1);
      expectOneClearLine(
        result.stderr,
        new RegExp(
          `the S3 bucket "graftmatch-test" at ${peer.endpoint} does not exist; create it first \\(graftmatch does not create buckets\\)`,
        ),
      );
      expect(existsSync(path.join(dataDir, 'graftmatch.db'))).toBe(false);
    } finally {
      await peer.close();
    }
  });

  it('refuses a PORT that is not a port', async () => {
    for (const port of ['abc', '70000', '-1']) {
      const result = await runCli(['serve'], { DATA_DIR: scratch, PORT: port });
      expect(result.code, port).toBe(1);
      expectOneClearLine(result.stderr, new RegExp(`PORT must be a whole number from 0 to 65535, got "${port}"`));
    }
  });

  it('says when the port is taken', async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const { port } = blocker.address() as net.AddressInfo;
    try {
      const result = await runCli(['serve'], { DATA_DIR: scratch, HOST: '127.0.0.1', PORT: String(port) });
      expect(result.code).toBe(1);
      expectOneClearLine(
        result.stderr,
        new RegExp(`cannot listen on 127\\.0\\.0\\.1:${port} \\(EADDRINUSE\\); set PORT`),
      );
    } finally {
      blocker.close();
    }
  });
});
