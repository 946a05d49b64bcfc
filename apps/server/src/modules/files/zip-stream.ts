import { PassThrough, type Readable } from 'node:stream';
import { ZipFile } from 'yazl';

export interface ZipSource {
  name: string;
  /** Known sizes let the zip's length be known before it is sent (Content-Length, download progress). */
  size?: number;
  open(): Promise<Readable>;
}

export interface StreamedZip {
  stream: Readable;
  /** The zip's length in bytes when every entry's size is known, else null. */
  size: number | null;
}

/**
 * A zip written while it is sent: each entry is opened only when the zip reaches it, so memory
 * stays flat whatever the total. Entries are stored, not compressed: photos, DICOM zips and PDFs
 * hardly shrink, and storing costs no CPU (docs/decisions.md, "Files").
 */
export function streamZip(sources: readonly ZipSource[], mtime: Date): Promise<StreamedZip> {
  const zip = new ZipFile();
  const output = new PassThrough();
  zip.outputStream.on('error', (error) => output.destroy(error)).pipe(output);
  for (const source of sources) {
    zip.addReadStreamLazy(
      source.name,
      { compress: false, mtime, ...(source.size === undefined ? {} : { size: source.size }) },
      (callback) => {
        source.open().then(
          (stream) => callback(null, stream),
          (error: unknown) => callback(error, undefined as unknown as Readable),
        );
      },
    );
  }
  return new Promise((resolve) => {
    zip.on('error', (error: Error) => {
      output.destroy(error);
      resolve({ stream: output, size: null });
    });
    zip.end(undefined, (total?: number) => {
      resolve({ stream: output, size: typeof total === 'number' && total >= 0 ? total : null });
    });
  });
}
