import type { Readable } from 'node:stream';
import type { Sharp, SharpOptions } from 'sharp';

/** Longest side of a thumbnail, in pixels: sharp on a phone's high-density screen at ~160 px. */
export const THUMBNAIL_SIZE = 320;

/** sharp and its native image library are loaded on the first image, not at start-up (docs/performance.md). */
export async function imageTransformer(input: Buffer | undefined, options?: SharpOptions): Promise<Sharp> {
  const { default: sharp } = await import('sharp');
  return input ? sharp(input, options) : sharp(options);
}

/**
 * A WebP thumbnail of the image `open` streams, turned upright by its EXIF orientation. The stream
 * is opened only once sharp is loaded, so that no read error can come before its handler.
 */
export async function makeThumbnail(open: () => Promise<Readable>): Promise<Buffer> {
  const transformer = (await imageTransformer(undefined, { failOn: 'error', limitInputPixels: 100_000_000 }))
    .rotate()
    .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 80 });
  const source = await open();
  source.on('error', (error) => transformer.destroy(error));
  return source.pipe(transformer).toBuffer();
}

/** An image pdfkit can embed (JPEG or PNG): PNG when it is WebP or anything else. */
export async function toEmbeddableImage(source: Buffer, contentType: string): Promise<Buffer> {
  if (contentType === 'image/jpeg' || contentType === 'image/png') {
    return source;
  }
  return (await imageTransformer(source)).png().toBuffer();
}
