import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { S3StoreConfig } from '../../src/config/config';

// A local S3 peer for the S3 store's tests and benchmark: s3rver (npm) on a free loopback port,
// keeping its objects in a temporary folder. It checks request signatures against its fixed key
// pair, so the store signs as it would against S3. It runs in a process of its own because its
// list pages' continuation tokens use DES, which Node's OpenSSL 3 offers only with the legacy
// provider; with it, paged listings work as on S3.

export interface S3Peer {
  endpoint: string;
  bucket: string;
  /** The settings of FILE_STORE=s3 against this peer. */
  fileStore: S3StoreConfig;
  /** The same as environment variables, for a server in its own process. */
  env: Record<string, string>;
  /** The peer's process id, so a benchmark can leave its memory out. */
  pid: number;
  close(): Promise<void>;
}

const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
const S3RVER_BIN = path.join(
  path.dirname(createRequire(import.meta.url).resolve('s3rver/package.json')),
  'bin/s3rver.js',
);

/** Starts s3rver with the bucket `bucket` created, or with no bucket at all when it is null. */
export async function startS3Peer(bucket: string | null = 'graftmatch-test'): Promise<S3Peer> {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'graftmatch-s3rver-'));
  const child = spawn(
    process.execPath,
    [
      '--openssl-legacy-provider',
      S3RVER_BIN,
      '--silent',
      '--address',
      '127.0.0.1',
      '--port',
      '0',
      '--directory',
      directory,
      ...(bucket === null ? [] : ['--configure-bucket', bucket]),
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  const port = await new Promise<number>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const match = /S3rver listening on [\d.]+:(\d+)/.exec(output);
      if (match?.[1]) {
        resolve(Number(match[1]));
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', (code) => reject(new Error(`s3rver ended (${code}) before listening: ${output}`)));
    child.once('error', reject);
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const endpoint = `http://127.0.0.1:${port}`;
  const name = bucket ?? 'graftmatch-test';
  return {
    endpoint,
    bucket: name,
    fileStore: {
      kind: 's3',
      endpoint,
      bucket: name,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: CREDENTIALS,
    },
    env: {
      FILE_STORE: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: name,
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: 'true',
      AWS_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
    },
    pid: child.pid ?? 0,
    async close() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
