import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import type { S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import {
  StorageError,
  StorageNotFoundError,
  checkedKey,
  type ByteRange,
  type FileStorage,
  type StoredObject,
} from './storage';
import { errorCode, removeStaleEntries, stageFile } from './staging';

// The S3-compatible store (docs/operations.md, "File store: disk or S3"). Uploads are received into
// a local temporary file first (the content checks read it), then uploaded from that file in parts;
// S3 shows an object only once its PUT or multipart completion succeeded, so it appears whole or
// not at all. Multipart uploads a crash cut short are left to the bucket's lifecycle rule.

export interface S3StorageOptions {
  endpoint: string | undefined;
  bucket: string;
  region: string;
  forcePathStyle: boolean;
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** The local folder uploads are received into before they go to the bucket. */
  stagingDir: string;
  /** Keys per ListObjectsV2 page; S3's own maximum unless a test wants pages. */
  listPageSize?: number;
}

/** Where staged files are named in the sweep's answers. */
const STAGING_LABEL = 'staging';
/**
 * S3's smallest part; larger files get larger parts, so no upload needs more than S3's 10,000.
 * Each part is held in memory while it is sent: small parts and few at once keep a server's
 * memory flat while large files go up (docs/performance.md, "Files").
 */
const MIN_PART_BYTES = 5 * 1024 * 1024;
const MAX_PARTS = 9_000;
const PARTS_IN_FLIGHT = 2;
const CONNECT_TIMEOUT_MS = 5_000;
/** Each download holds a connection while it streams to its (maybe slow) client; the SDK's default is 50. */
const MAX_CONNECTIONS = 256;

const statusOf = (error: unknown) => (error as S3ServiceException).$metadata?.httpStatusCode;

function isNotFound(error: unknown): boolean {
  const name = (error as Error).name;
  return name === 'NoSuchKey' || name === 'NotFound' || statusOf(error) === 404;
}

/** Why the bucket cannot be used, in one line that says what to do. */
function bucketProblem(options: S3StorageOptions, error: unknown): string {
  const where = `S3 bucket "${options.bucket}" at ${options.endpoint ?? `AWS (${options.region})`}`;
  const status = statusOf(error);
  if (status === 404) {
    return `the ${where} does not exist; create it first (graftmatch does not create buckets) or set S3_BUCKET to an existing one.`;
  }
  if (status === 401 || status === 403) {
    return `the ${where} refuses these credentials (${status}); check AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY and the bucket's policy.`;
  }
  const reason = errorCode(error) ?? (error as Error).name;
  return `cannot reach the ${where} (${reason}: ${(error as Error).message}); check S3_ENDPOINT, S3_REGION and the network.`;
}

/**
 * Connects to the bucket and checks with HeadBucket that it exists and answers; a missing or
 * unreachable bucket is a StorageError whose message says what to do.
 */
export async function createS3Storage(options: S3StorageOptions): Promise<FileStorage> {
  // Loaded only when the S3 store is configured: the disk store's start reads none of the SDK.
  const sdk = await import('@aws-sdk/client-s3');
  const { Upload } = await import('@aws-sdk/lib-storage');
  const { bucket, stagingDir } = options;
  const client: S3Client = new sdk.S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials: options.credentials,
    // Checksums only where S3 requires them: many S3-compatible servers cannot read the trailing
    // checksums the SDK would otherwise add to every upload.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: {
      connectionTimeout: CONNECT_TIMEOUT_MS,
      httpAgent: { keepAlive: true, maxSockets: MAX_CONNECTIONS },
      httpsAgent: { keepAlive: true, maxSockets: MAX_CONNECTIONS },
    },
  });

  const failure = (action: string, key: string, error: unknown) =>
    error instanceof StorageError || error instanceof StorageNotFoundError
      ? error
      : new StorageError(
          `File storage (S3 bucket "${bucket}") cannot ${action} ${key}: ${(error as Error).name}: ${(error as Error).message}`,
          errorCode(error) ?? (error as Error).name,
          { cause: error },
        );

  try {
    await client.send(new sdk.HeadBucketCommand({ Bucket: bucket }));
  } catch (error) {
    client.destroy();
    throw new StorageError(bucketProblem(options, error), errorCode(error) ?? (error as Error).name, { cause: error });
  }

  /** Streams the file at `localPath` into `key`: one PUT when small, else parts, aborted on failure. */
  async function upload(key: string, localPath: string, size: number): Promise<StoredObject> {
    const partSize = Math.max(MIN_PART_BYTES, Math.ceil(size / MAX_PARTS));
    const body = createReadStream(localPath, { highWaterMark: 1024 * 1024 });
    try {
      await new Upload({
        client,
        params: { Bucket: bucket, Key: key, Body: body, ContentLength: size },
        partSize,
        queueSize: PARTS_IN_FLIGHT,
        leavePartsOnError: false,
      }).done();
    } finally {
      body.destroy();
    }
    return { key, size, modifiedAt: new Date() };
  }

  const stage = (source: Readable, maxBytes = Number.POSITIVE_INFINITY) =>
    stageFile(stagingDir, source, maxBytes, async (key, localPath, size) => {
      try {
        return await upload(checkedKey(key), localPath, size);
      } catch (error) {
        throw failure('store', key, error);
      }
    });

  return {
    stage,

    async put(key, source) {
      checkedKey(key);
      if (!Buffer.isBuffer(source)) {
        return (await stage(source)).commit(key);
      }
      try {
        await client.send(new sdk.PutObjectCommand({ Bucket: bucket, Key: key, Body: source }));
        return { key, size: source.length, modifiedAt: new Date() };
      } catch (error) {
        throw failure('store', key, error);
      }
    },

    async stream(key, range?: ByteRange) {
      try {
        // The answer's headers come before any byte: a missing object is an error here, not mid-stream.
        const answer = await client.send(
          new sdk.GetObjectCommand({
            Bucket: bucket,
            Key: checkedKey(key),
            Range: range ? `bytes=${range.start}-${range.end}` : undefined,
          }),
        );
        return answer.Body as Readable;
      } catch (error) {
        if (isNotFound(error)) {
          throw new StorageNotFoundError(`No stored file ${key}.`);
        }
        throw failure('read', key, error);
      }
    },

    async stat(key) {
      try {
        const head = await client.send(new sdk.HeadObjectCommand({ Bucket: bucket, Key: checkedKey(key) }));
        return { key, size: head.ContentLength ?? 0, modifiedAt: head.LastModified ?? new Date(0) };
      } catch (error) {
        if (isNotFound(error)) {
          return null;
        }
        throw failure('read', key, error);
      }
    },

    async delete(key) {
      try {
        // S3 answers a delete of a missing key with success, as this interface wants.
        await client.send(new sdk.DeleteObjectCommand({ Bucket: bucket, Key: checkedKey(key) }));
      } catch (error) {
        throw failure('delete', key, error);
      }
    },

    async *list() {
      let token: string | undefined;
      do {
        let page;
        try {
          page = await client.send(
            new sdk.ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token, MaxKeys: options.listPageSize }),
          );
        } catch (error) {
          throw failure('list', 'its objects', error);
        }
        for (const object of page.Contents ?? []) {
          if (object.Key !== undefined) {
            yield { key: object.Key, size: object.Size ?? 0, modifiedAt: object.LastModified ?? new Date(0) };
          }
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },

    // Only this instance's staging folder: parts of multipart uploads a crash cut short are
    // removed by the bucket's lifecycle rule (AbortIncompleteMultipartUpload), docs/operations.md.
    removeStaleTemporaries: (olderThan) => removeStaleEntries(stagingDir, STAGING_LABEL, olderThan),
  };
}
