import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Peer, type S3Peer } from '../../test/support/s3';
import { StartupError } from '../startup/startup';
import { createFileStorage } from './file-storage';
import { createS3Storage } from './s3';
import { describeFileStorageContract } from './storage.contract';
import { StorageError } from './storage';

// Against s3rver, a local S3 server (test/support/s3.ts): real HTTP, real signatures.

let peer: S3Peer;
beforeAll(async () => {
  peer = await startS3Peer(null);
});
afterAll(() => peer.close());

let buckets = 0;
/** A bucket of its own for each test, created through the S3 API as an operator would. */
async function freshBucket(): Promise<string> {
  const { S3Client, CreateBucketCommand } = await import('@aws-sdk/client-s3');
  const bucket = `contract-${process.pid}-${(buckets += 1)}`;
  const client = new S3Client({ ...peer.fileStore, region: 'us-east-1' });
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  client.destroy();
  return bucket;
}

describeFileStorageContract('S3 (s3rver)', async () => {
  const stagingDir = mkdtempSync(path.join(os.tmpdir(), 'graftmatch-staging-'));
  const bucket = await freshBucket();
  return {
    storage: await createS3Storage({ ...peer.fileStore, bucket, stagingDir, listPageSize: 2 }),
    temporaries: stagingDir,
    temporaryName: (name) => `staging/${name}`,
    reservedKeys: [],
    dispose: async () => rmSync(stagingDir, { recursive: true, force: true }),
  };
});

describe('S3 storage: the bucket', () => {
  it('stops the start with one clear line when the bucket does not exist', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'graftmatch-data-'));
    try {
      const started = createFileStorage({ dataDir, fileStore: { ...peer.fileStore, bucket: 'no-such-bucket' } });
      await expect(started).rejects.toBeInstanceOf(StartupError);
      await expect(started).rejects.toThrow(
        `the S3 bucket "no-such-bucket" at ${peer.endpoint} does not exist; create it first (graftmatch does not create buckets) or set S3_BUCKET to an existing one.`,
      );
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('names the endpoint it cannot reach', async () => {
    const gone = await startS3Peer();
    await gone.close();
    const error = await createS3Storage({ ...gone.fileStore, stagingDir: os.tmpdir() }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(StorageError);
    expect((error as Error).message).toMatch(
      new RegExp(
        `^cannot reach the S3 bucket "graftmatch-test" at ${gone.endpoint} \\(ECONNREFUSED.*check S3_ENDPOINT`,
      ),
    );
  });

  it('keeps nothing of a commit the bucket did not take: no object, no temporary file', async () => {
    const other = await startS3Peer();
    const stagingDir = mkdtempSync(path.join(os.tmpdir(), 'graftmatch-staging-'));
    try {
      const storage = await createS3Storage({ ...other.fileStore, stagingDir });
      const staged = await storage.stage(Readable.from([Buffer.from('content')]));
      await other.close();
      await expect(staged.commit('photos/lost')).rejects.toThrow(
        /^File storage \(S3 bucket "graftmatch-test"\) cannot store photos\/lost: /,
      );
      expect(readdirSync(stagingDir)).toEqual([]);
    } finally {
      rmSync(stagingDir, { recursive: true, force: true });
    }
  });
});
