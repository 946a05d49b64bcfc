import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';

type HelmetMiddleware = ReturnType<typeof helmet>;

/**
 * The headers helmet sets, computed once: with no per-request nonce they are the same on every
 * reply, so they are added in one step instead of running helmet's middlewares per request
 * (which cost 12 % of a cached search: docs/performance.md).
 */
function headersOf(middleware: HelmetMiddleware): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name];
    },
  };
  middleware({} as IncomingMessage, response as unknown as ServerResponse, (error) => {
    if (error) {
      throw error;
    }
  });
  return headers;
}

/** Security headers of docs/decisions.md §7; the CSP is what the built web app needs and no more. */
export function registerSecurityHeaders(app: FastifyInstance) {
  const securityHeaders = headersOf(
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          // The fallback barcode reader is WebAssembly, compiled from our own .wasm (docs/decisions.md, "Scanning").
          scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
          // Mantine sets style attributes at run time.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          workerSrc: ["'self'", 'blob:'],
          manifestSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'none'"],
          frameAncestors: ["'none'"],
          formAction: ["'self'"],
        },
      },
      strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
      referrerPolicy: { policy: 'no-referrer' },
      crossOriginEmbedderPolicy: false,
    }),
  );
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(securityHeaders);
    // Nothing the API answers may be kept by a browser or proxy cache: it may hold patient data.
    if (request.url.startsWith('/api')) {
      reply.header('Cache-Control', 'no-store');
    }
    done();
  });
}
