import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** Security headers of docs/decisions.md §7; the CSP is what the built web app needs and no more. */
export async function registerSecurityHeaders(app: FastifyInstance) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
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
  });
  // Nothing the API answers may be kept by a browser or proxy cache: it may hold patient data.
  app.addHook('onRequest', async (request, reply) => {
    if (request.url.startsWith('/api')) {
      reply.header('Cache-Control', 'no-store');
    }
  });
}
