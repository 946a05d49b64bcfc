import { createHash, randomBytes } from 'node:crypto';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { ZipFile } from 'yazl';
import { MARKER_FILE } from '../../src/storage/folder-marker';
import type { Admin } from './fault-server';

// Helpers of the file fault tests (docs/performance.md, "Files"): a large DICOM zip made as a stream, a multipart
// upload streamed over a raw HTTP request (so a test can kill the server mid-body), the server's
// resident memory read from /proc, and what lies in the files folder.

/** One DICOM-like slice: the 128-byte preamble, `DICM`, then `bytes` in all; `index` makes each differ. */
export function dicomLike(index: number, bytes: number, filler: Buffer): Buffer {
  const slice = Buffer.alloc(bytes);
  slice.write('DICM', 128, 'latin1');
  filler.copy(slice, 132, 0, bytes - 132);
  slice.writeUInt32LE(index, 132);
  return slice;
}

/**
 * A stored (uncompressed) zip of `entries` DICOM-like slices of `entryBytes` each, made while it
 * is read: each slice is created only when the zip reaches it, so the test holds one at a time.
 */
export function dicomZipStream(entries: number, entryBytes: number): Readable {
  const zip = new ZipFile();
  const filler = randomBytes(entryBytes);
  for (let index = 0; index < entries; index++) {
    zip.addReadStreamLazy(
      `series/slice-${String(index).padStart(5, '0')}.dcm`,
      { size: entryBytes, compress: false, mtime: new Date('2026-01-01T00:00:00Z') },
      (done) => done(null, Readable.from([dicomLike(index, entryBytes, filler)])),
    );
  }
  zip.end();
  return zip.outputStream as Readable;
}

/**
 * The first `bytes` of `source`, after which the stream neither ends nor sends more: an upload that
 * is still streaming when the server is killed, however fast the machine is.
 */
export function stalledAfter(source: Readable, bytes: number): Readable {
  const stalled = new PassThrough();
  let passed = 0;
  source.on('data', (chunk: Buffer) => {
    const room = bytes - passed;
    if (room <= 0) {
      return;
    }
    passed += Math.min(room, chunk.length);
    stalled.write(chunk.subarray(0, room));
    if (passed >= bytes) {
      source.destroy();
    }
  });
  return stalled;
}

export interface StreamedUpload {
  /** The answer's status and body, or the error when the connection broke. */
  answer: Promise<{ status: number; body: string } | Error>;
  /** The file's bytes sent so far, and their SHA-256 once all were sent. */
  sent(): number;
  sha256: Promise<string>;
}

const BOUNDARY = 'graftmatch-fault-boundary';

/** `POST /api/media/uploadfiles` with `lot`, `type` and one file streamed from `file`, chunked. */
export function streamUpload(
  baseUrl: string,
  admin: Admin,
  fields: { lot: string; type: string },
  fileName: string,
  file: Readable,
): StreamedUpload {
  const field = (name: string, value: string) =>
    `--${BOUNDARY}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const head =
    field('lot', fields.lot) +
    field('type', fields.type) +
    `--${BOUNDARY}\r\ncontent-disposition: form-data; name="files"; filename="${fileName}"\r\n` +
    'content-type: application/octet-stream\r\n\r\n';
  const { 'content-type': _json, ...headers } = admin.headers;
  const request = http.request(`${baseUrl}/api/media/uploadfiles`, {
    method: 'POST',
    headers: { ...headers, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  });
  const hash = createHash('sha256');
  let sent = 0;
  const body = new PassThrough();
  body.write(head);
  file.on('data', (chunk: Buffer) => {
    hash.update(chunk);
    sent += chunk.length;
  });
  const sha256 = new Promise<string>((resolve, reject) => {
    file.on('end', () => resolve(hash.digest('hex')));
    file.on('error', reject);
  });
  file.pipe(body, { end: false });
  file.on('end', () => body.end(`\r\n--${BOUNDARY}--\r\n`));
  body.pipe(request);
  const answer = new Promise<{ status: number; body: string } | Error>((resolve) => {
    request.on('response', (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
      response.on('error', resolve);
    });
    request.on('error', resolve);
  });
  return { answer, sent: () => sent, sha256 };
}

/** The process's resident set size in bytes (`VmRSS` of /proc/<pid>/status). */
export function residentBytes(pid: number): number {
  const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!match?.[1]) {
    throw new Error(`no VmRSS for process ${pid}`);
  }
  return Number(match[1]) * 1024;
}

/** Stored objects (`<key>` → size) and temporary files under `<dataDir>/files/`. */
export function filesFolder(dataDir: string): { objects: Map<string, number>; temporaries: string[] } {
  const root = path.join(dataDir, 'files');
  const objects = new Map<string, number>();
  const temporaries: string[] = [];
  let entries: string[] = [];
  try {
    entries = readdirSync(root, { recursive: true, encoding: 'utf8' });
  } catch {
    return { objects, temporaries };
  }
  for (const entry of entries) {
    const full = path.join(root, entry);
    if (!statSync(full).isFile()) {
      continue;
    }
    const key = entry.split(path.sep).join('/');
    if (key.startsWith('.tmp/')) {
      temporaries.push(key);
    } else if (key !== MARKER_FILE) {
      objects.set(key, statSync(full).size);
    }
  }
  return { objects, temporaries };
}

/** Downloads `url` chunk by chunk, never holding it whole; answers its status, size and SHA-256. */
export async function downloadHash(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; bytes: number; sha256: string }> {
  const answer = await fetch(url, { headers });
  const hash = createHash('sha256');
  let bytes = 0;
  if (answer.body) {
    for await (const chunk of Readable.fromWeb(answer.body as WebReadableStream<Uint8Array>)) {
      hash.update(chunk as Buffer);
      bytes += (chunk as Buffer).length;
    }
  }
  return { status: answer.status, bytes, sha256: hash.digest('hex') };
}
