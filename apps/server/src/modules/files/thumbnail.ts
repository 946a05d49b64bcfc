import type { Readable } from 'node:stream';
import sharp from 'sharp';

/** Longest side of a thumbnail, in pixels: sharp on a phone's high-density screen at ~160 px. */
export const THUMBNAIL_SIZE = 320;

/** A WebP thumbnail of an image stream, turned upright by its EXIF orientation. */
export function makeThumbnail(source: Readable): Promise<Buffer> {
  const transformer = sharp({ failOn: 'error', limitInputPixels: 100_000_000 })
    .rotate()
    .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 80 });
  source.on('error', (error) => transformer.destroy(error));
  return source.pipe(transformer).toBuffer();
}

/** An image pdfkit can embed (JPEG or PNG): PNG when it is WebP or anything else. */
export async function toEmbeddableImage(source: Buffer, contentType: string): Promise<Buffer> {
  if (contentType === 'image/jpeg' || contentType === 'image/png') {
    return source;
  }
  return sharp(source).png().toBuffer();
}
