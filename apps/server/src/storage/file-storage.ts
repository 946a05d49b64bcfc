import path from 'node:path';
import type { Config } from '../config/config';
import { StartupError } from '../startup/startup';
import { createLocalDiskStorage } from './local-disk';
import { StorageError, type FileStorage } from './storage';

/** The disk store's folder, `<dataDir>/files`. */
export const filesDir = (config: Pick<Config, 'dataDir'>) => path.join(config.dataDir, 'files');

/** Where the S3 store receives uploads before they go to the bucket. */
export const s3StagingDir = (config: Pick<Config, 'dataDir'>) => path.join(config.dataDir, 's3-staging');

/**
 * The configured file store (FILE_STORE, docs/operations.md "File store: disk or S3"), for the
 * server and the commands alike. An S3 bucket that is missing or does not answer stops the start
 * with a StartupError that says what to do.
 */
export async function createFileStorage(config: Pick<Config, 'dataDir' | 'fileStore'>): Promise<FileStorage> {
  const store = config.fileStore;
  if (store.kind === 'disk') {
    return createLocalDiskStorage(filesDir(config));
  }
  const { createS3Storage } = await import('./s3');
  try {
    return await createS3Storage({ ...store, stagingDir: s3StagingDir(config) });
  } catch (error) {
    throw error instanceof StorageError ? new StartupError(error.message, { cause: error }) : error;
  }
}
