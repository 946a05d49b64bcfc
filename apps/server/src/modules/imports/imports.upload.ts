import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { IMPORT_MAX_BYTES } from '@graftmatch/domain';
import type { FastifyRequest } from 'fastify';
import { ProblemError, badRequest } from '../../http/problem';

// The uploaded import file is spooled to a temporary file as it arrives, never held in memory;
// the reader then streams it from disk (docs/import.md "Limits").

export interface SpooledUpload {
  path: string;
  bytes: number;
  fileName: string | null;
  /** Removes the temporary file. */
  discard(): Promise<void>;
}

/** The file of a multipart upload's `file` field; 415 for any other body, 413 past the size limit. */
export async function spoolUpload(request: FastifyRequest): Promise<SpooledUpload> {
  if (!request.isMultipart()) {
    throw new ProblemError(415, 'Unsupported Media Type', 'Send the file as multipart/form-data in the field "file".');
  }
  const file = await request.file({ limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 5, parts: 6 } });
  if (!file || file.fieldname !== 'file') {
    throw badRequest('Send the file as multipart/form-data in the field "file".');
  }
  const spooled = path.join(tmpdir(), `graftmatch-import-${randomUUID()}`);
  const discard = () => rm(spooled, { force: true });
  try {
    await pipeline(file.file, createWriteStream(spooled, { flags: 'wx', mode: 0o600 }));
    if (file.file.truncated) {
      throw new ProblemError(
        413,
        'Content Too Large',
        `The file is larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MiB, the most one import takes.`,
      );
    }
  } catch (error) {
    await discard();
    throw error;
  }
  return { path: spooled, bytes: (await stat(spooled)).size, fileName: file.filename || null, discard };
}
