import type { Writable } from 'node:stream';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/database';
import { healthRoutes } from './modules/health/health.routes';
import { registerErrorHandler } from './plugins/error-handler';
import { registerOpenApi } from './plugins/openapi';
import { registerSecurityHeaders } from './plugins/security';
import { registerWebApp } from './plugins/web-app';

export interface AppDeps {
  config: Config;
  database: Database;
  /** Where the built web app lives; null serves the API only. */
  webRoot: string | null;
  /** Where log lines go (tests capture them); standard output when absent. */
  logStream?: Writable;
  /** The clock; tests move it forward. */
  now?: () => Date;
}

// Secrets travel in two URLs by protocol necessity (the push access_token, the recovery link); never log them.
function redactUrl(url: string): string {
  return url.replace(/([?&]access_token=)[^&]*/gi, '$1[redacted]').replace(/(\/recovery\/)[^/?]+/g, '$1[redacted]');
}

function loggerOptions(deps: AppDeps): FastifyServerOptions['logger'] {
  return {
    level: deps.config.logLevel,
    ...(deps.logStream ? { stream: deps.logStream } : {}),
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-xsrf-token"]', 'res.headers["set-cookie"]'],
      censor: '[redacted]',
    },
    serializers: {
      req(request: { method: string; url: string; ip?: string }) {
        return { method: request.method, url: redactUrl(request.url), remoteAddress: request.ip };
      },
    },
  };
}

/** Builds the whole application without listening, so tests and main.ts share it. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(deps),
    // In-flight requests finish on close; idle keep-alive sockets must not hold shutdown up.
    forceCloseConnections: 'idle',
    trustProxy: deps.config.trustProxy,
    bodyLimit: 1_048_576,
    ajv: { customOptions: { removeAdditional: 'all', coerceTypes: 'array', useDefaults: true } },
  });

  registerErrorHandler(app);
  await registerSecurityHeaders(app);
  await registerOpenApi(app);

  await app.register(healthRoutes, { prefix: '/api', database: deps.database });

  await registerWebApp(app, deps.webRoot);
  return app;
}
