import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * JSON and text answers over 1 KiB go out compressed when the client accepts it
 * (docs/performance.md, "Web delivery"). Files keep their own types and stay as stored, so their
 * Content-Length (download progress) and byte ranges hold; event streams are never buffered.
 * Brotli runs at the plugin's quality 4, about as cheap per answer as gzip.
 * The web app's own files are precompressed at build and served by `plugins/web-app.ts`.
 */
export const COMPRESSIBLE = /^(?:text\/(?!event-stream)[\w.+-]+|application\/(?:[\w.-]+\+)?json)\s*(?:;|$)/;

/** Answers smaller than this go out as they are: not worth a compression stream. */
export const COMPRESSION_THRESHOLD = 1024;
/** The encodings offered, best first. */
export const ENCODINGS = ['br', 'gzip'] as const;

export async function registerCompression(app: FastifyInstance) {
  // Only API answers: the web app's files are precompressed, and a file under the threshold is
  // not worth a compression stream. A GET brings no body to decompress. Each hook left off is one
  // less on every request of the route. Added before the plugin, so this hook runs before its own.
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) {
      route.compress = false;
    }
    if ([route.method].flat().every((method) => method === 'GET' || method === 'HEAD')) {
      route.decompress = false;
    }
  });
  await app.register(compress, {
    threshold: COMPRESSION_THRESHOLD,
    encodings: [...ENCODINGS],
    customTypes: COMPRESSIBLE,
  });
}
