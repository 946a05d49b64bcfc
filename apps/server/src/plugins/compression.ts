import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import { COMPRESSIBLE, COMPRESSION_THRESHOLD, ENCODINGS } from '../http/compression';

/**
 * JSON and text answers over 1 KiB go out compressed when the client accepts it (the rules in
 * `http/compression.ts`). Brotli runs at the plugin's quality 4, about as cheap per answer as gzip.
 * The web app's own files are precompressed at build and served by `plugins/web-app.ts`.
 */
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
