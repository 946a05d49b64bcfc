import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { IMPORT_MAX_BYTES } from '@graftmatch/domain';
import type { FastifyRequest } from 'fastify';
import { ProblemError, badRequest } from '../../http/problem';

// The uploaded import file is spooled to a temporary file as it arrives, never held in memory;
// the reader then streams it from disk (docs/import.md "Limits").

const SPOOL_PREFIX = 'graftmatch-import-';
/** No import lasts this long: an older spooled file was left by a process that died mid-import. */
const STALE_SPOOL_MS = 60 * 60 * 1000;

/** Removes spooled files that processes killed during an import left behind; answers how many. */
export async function sweepStaleSpools(folder = tmpdir(), now = Date.now()): Promise<number> {
  let removed = 0;
  for (const name of await readdir(folder)) {
    const file = path.join(folder, name);
    if (
      name.startsWith(SPOOL_PREFIX) &&
      now - (await stat(file).catch(() => ({ mtimeMs: now }))).mtimeMs > STALE_SPOOL_MS
    ) {
      await rm(file, { force: true });
      removed += 1;
    }
  }
  return removed;
}

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
    throw new ProblemError(415, 'Unsupported Media Type', { key: 'problem.imports.multipartFile' });
  }
  const file = await request.file({ limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 5, parts: 6 } });
  if (!file || file.fieldname !== 'file') {
    throw badRequest({ key: 'problem.imports.multipartFile' });
  }
  const spooled = path.join(tmpdir(), `${SPOOL_PREFIX}${randomUUID()}`);
  const discard = () => rm(spooled, { force: true });
  try {
    await pipeline(file.file, createWriteStream(spooled, { flags: 'wx', mode: 0o600 }));
    if (file.file.truncated) {
      throw new ProblemError(413, 'Payload Too Large', {
        key: 'problem.imports.fileTooLarge',
        params: { mib: IMPORT_MAX_BYTES / 1024 / 1024 },
      });
    }
  } catch (error) {
    await discard();
    throw error;
  }
  return { path: spooled, bytes: (await stat(spooled)).size, fileName: file.filename || null, discard };
}
