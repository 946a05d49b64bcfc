import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { hasOverlongSegment } from '../http/path-segments';
import { OVERLONG_SEGMENT_DETAIL, sendProblem } from './error-handler';

/**
 * Serves the built web app at `/`; any other non-API path answers its index.html so that
 * client-side routes (deep links) load. Unknown `/api` paths answer 404 problem+json.
 */
export async function registerWebApp(app: FastifyInstance, webRoot: string | null) {
  const hasWebApp = webRoot !== null && existsSync(path.join(webRoot, 'index.html'));
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: webRoot,
      // Look files up per request, so a rebuilt web app is served without a restart.
      wildcard: true,
      index: ['index.html'],
      // The build writes a .br and a .gz beside each text file (apps/web/scripts/precompress.mjs);
      // the one the browser accepts is sent with its Content-Encoding, else the file itself.
      preCompressed: true,
      cacheControl: false,
      setHeaders(res, filePath) {
        // Vite fingerprints everything under assets/; the rest (service worker, manifest) must be re-checked.
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const isAppRoute = request.method === 'GET' && !pathname.startsWith('/api') && !path.extname(pathname);
    if (isAppRoute && hasWebApp) {
      // The shell must be re-validated on every load so that a new release reaches users.
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    // The static files' wildcard route takes a path whose parameter the router found too long.
    if (hasOverlongSegment(pathname)) {
      return sendProblem(reply, { status: 414, detail: OVERLONG_SEGMENT_DETAIL });
    }
    return sendProblem(reply, {
      status: 404,
      detail: { key: 'problem.other.noRoute', params: { method: request.method, path: pathname } },
    });
  });
}
