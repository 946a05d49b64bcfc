import type { Message } from '@graftmatch/domain';
import yauzl, { type Entry, type ZipFile } from 'yauzl';

export interface ZipLimits {
  maxEntries: number;
  maxTotalBytes: number;
  /** Largest unpacked / packed size of one entry (entries over 1 MiB unpacked), and of the whole archive. */
  maxRatio: number;
}

export interface ZipProblem {
  status: 400 | 413 | 415;
  wording: Message;
}

const RATIO_FLOOR_BYTES = 1024 * 1024;

function openZip(file: string): Promise<ZipFile> {
  return new Promise((resolve, reject) =>
    yauzl.open(file, { lazyEntries: true, autoClose: false, strictFileNames: true }, (error, zip) =>
      error ? reject(error) : resolve(zip),
    ),
  );
}

/** The central directory's entries, read without unpacking anything; stops past `maxEntries`. */
function readEntries(zip: ZipFile, maxEntries: number): Promise<Entry[] | 'too many'> {
  return new Promise((resolve, reject) => {
    const entries: Entry[] = [];
    zip.on('entry', (entry: Entry) => {
      entries.push(entry);
      if (entries.length > maxEntries) {
        resolve('too many');
      } else {
        zip.readEntry();
      }
    });
    zip.on('end', () => resolve(entries));
    zip.on('error', reject);
    zip.readEntry();
  });
}

/** The first `bytes` unpacked bytes of an entry. */
function readEntryHead(zip: ZipFile, entry: Entry, bytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => {
      if (error) {
        reject(error);
        return;
      }
      const chunks: Buffer[] = [];
      let length = 0;
      stream.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        length += chunk.length;
        if (length >= bytes) {
          stream.destroy();
          resolve(Buffer.concat(chunks).subarray(0, bytes));
        }
      });
      stream.on('end', () => resolve(Buffer.concat(chunks)));
      stream.on('error', reject);
    });
  });
}

/** `zipBytes`: the archive's size on disk, which no directory entry can misstate. */
function checkDirectory(entries: readonly Entry[], zipBytes: number, limits: ZipLimits): ZipProblem | null {
  let total = 0;
  for (const entry of entries) {
    if ((entry.generalPurposeBitFlag & 0x1) !== 0) {
      return { status: 415, wording: { key: 'problem.files.zipEncrypted', params: { name: entry.fileName } } };
    }
    total += entry.uncompressedSize;
    const ratio = entry.uncompressedSize / Math.max(entry.compressedSize, 1);
    if (entry.uncompressedSize > RATIO_FLOOR_BYTES && ratio > limits.maxRatio) {
      return {
        status: 413,
        wording: {
          key: 'problem.files.zipEntryRatio',
          params: { name: entry.fileName, ratio: Math.round(ratio), max: limits.maxRatio },
        },
      };
    }
  }
  if (total > limits.maxTotalBytes) {
    return {
      status: 413,
      wording: { key: 'problem.files.zipTotal', params: { total, max: limits.maxTotalBytes } },
    };
  }
  // Many entries each just under the floor would pass one by one; the archive as a whole must not.
  const ratio = total / Math.max(zipBytes, 1);
  if (total > RATIO_FLOOR_BYTES && ratio > limits.maxRatio) {
    return {
      status: 413,
      wording: { key: 'problem.files.zipRatio', params: { ratio: Math.round(ratio), max: limits.maxRatio } },
    };
  }
  return null;
}

/**
 * Checks a zip before anything in it is unpacked: entry count, total unpacked size, and the ratio
 * of each entry and of the whole archive from the central directory; then the first bytes of each file entry must satisfy `isAllowed`
 * (yauzl refuses entries whose real size differs from the directory's). Answers the first
 * problem, or null.
 */
export async function inspectZip(
  file: string,
  limits: ZipLimits,
  isAllowed: (head: Buffer) => boolean,
  headBytes = 132,
): Promise<ZipProblem | null> {
  let zip: ZipFile;
  try {
    zip = await openZip(file);
  } catch (error) {
    return {
      status: 415,
      wording: { key: 'problem.files.zipUnreadable', params: { reason: (error as Error).message } },
    };
  }
  try {
    const entries = await readEntries(zip, limits.maxEntries);
    if (entries === 'too many') {
      return { status: 413, wording: { key: 'problem.files.zipTooManyEntries', params: { max: limits.maxEntries } } };
    }
    const problem = checkDirectory(entries, zip.fileSize, limits);
    if (problem) {
      return problem;
    }
    const files = entries.filter((entry) => !entry.fileName.endsWith('/'));
    if (files.length === 0) {
      return { status: 415, wording: { key: 'problem.files.zipNoFiles' } };
    }
    for (const entry of files) {
      if (!isAllowed(await readEntryHead(zip, entry, headBytes))) {
        return { status: 415, wording: { key: 'problem.files.zipEntryType', params: { name: entry.fileName } } };
      }
    }
    return null;
  } catch (error) {
    return {
      status: 415,
      wording: { key: 'problem.files.zipUnreadable', params: { reason: (error as Error).message } },
    };
  } finally {
    zip.close();
  }
}
