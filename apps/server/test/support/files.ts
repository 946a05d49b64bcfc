import { createDeflateRaw, crc32 } from 'node:zlib';
import yauzl from 'yauzl';
import { ZipFile } from 'yazl';
import { ListStatus } from '@graftmatch/domain';
import type { TestClient } from './client';
import { today, type SeededApp } from './clinical';

// Helpers for the file tests: uploads as a browser sends them, zips in and out.

export interface UploadedFile {
  name: string;
  bytes: Buffer;
  contentType?: string;
}

/** The first (by lot) Free, unexpired graft of a bank: every physician sees it, the bank writes its files. */
export async function freeLotOf(app: SeededApp, euteId: string): Promise<string> {
  const graft = await app.server.database.db
    .selectFrom('grafts')
    .select('eLot')
    .where('euteId', '=', euteId)
    .where('listStatus', '=', ListStatus.Free)
    .where('expiryDate', '>=', today())
    .orderBy('eLot')
    .executeTakeFirstOrThrow();
  return graft.eLot;
}

/** `POST /api/media/uploadfiles` with `lot`, `type` and the files, as multipart/form-data. */
export function uploadFiles(client: TestClient, lot: string, type: string, files: readonly UploadedFile[]) {
  const form = new FormData();
  form.append('lot', lot);
  form.append('type', type);
  for (const file of files) {
    form.append('files', new Blob([file.bytes], { type: file.contentType ?? 'application/octet-stream' }), file.name);
  }
  return client.request('POST', '/api/media/uploadfiles', { body: form });
}

/** Every entry of a zip, unpacked. */
export function unzip(zip: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true }, (error, file) => {
      if (error) {
        reject(error);
        return;
      }
      const entries = new Map<string, Buffer>();
      file.on('entry', (entry: yauzl.Entry) => {
        file.openReadStream(entry, (streamError, stream) => {
          if (streamError) {
            reject(streamError);
            return;
          }
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            file.readEntry();
          });
        });
      });
      file.on('end', () => resolve(entries));
      file.on('error', reject);
      file.readEntry();
    });
  });
}

/** A zip of these entries, in memory. */
export function zipOf(entries: Record<string, Buffer>, compress = true): Promise<Buffer> {
  const zip = new ZipFile();
  for (const [name, bytes] of Object.entries(entries)) {
    zip.addBuffer(bytes, name, { compress });
  }
  zip.end();
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}

/**
 * A zip bomb: `count` entries (`slice1.dcm`, ...) of `unpacked` zero bytes each, deflated to about a
 * thousandth of that. Written by hand (local headers, data, central directory), deflating the zeros
 * once as a stream; every entry carries the same packed bytes.
 */
export async function zipBomb(unpacked = 1024 * 1024 * 1024, count = 1): Promise<Buffer> {
  const deflate = createDeflateRaw({ level: 9 });
  const packed: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => packed.push(chunk));
  const finished = new Promise((resolve) => deflate.on('end', resolve));
  const chunk = Buffer.alloc(1024 * 1024);
  // A DICOM preamble first, so only the sizes give the bomb away.
  const head = Buffer.alloc(132);
  head.write('DICM', 128, 'latin1');
  let crc = crc32(head);
  deflate.write(head);
  for (let written = head.length; written < unpacked; written += chunk.length) {
    const part = chunk.subarray(0, Math.min(chunk.length, unpacked - written));
    crc = crc32(part, crc);
    if (!deflate.write(part)) {
      await new Promise((resolve) => deflate.once('drain', resolve));
    }
  }
  deflate.end();
  await finished;
  const data = Buffer.concat(packed);
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (let index = 1; index <= count; index += 1) {
    const fileName = Buffer.from(count === 1 ? 'slice.dcm' : `slice${index}.dcm`);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc >>> 0, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(unpacked >>> 0, 22);
    local.writeUInt16LE(fileName.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc >>> 0, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(unpacked >>> 0, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, fileName, data);
    centrals.push(central, fileName);
    offset += local.length + fileName.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(count, 8);
  end.writeUInt16LE(count, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
