import { timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { bearerOf } from '../http/credentials';
import { notFound, unauthorized } from '../http/problem';
import { AUTH_RATE_LIMIT } from '../plugins/rate-limit';
import type { AppMetrics } from './app-metrics';

export const METRICS_PATH = '/metrics';

function sameToken(given: string, expected: string): boolean {
  const left = Buffer.from(given);
  const right = Buffer.from(expected);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * `GET /metrics` for Prometheus (docs/operations.md "Metrics and traces"): only with
 * `Authorization: Bearer <METRICS_TOKEN>`. Without the setting the route answers 404 like an
 * unknown API path; it stays registered, as the web app would otherwise answer its page there.
 * Outside /api/, so the user authentication leaves it to this check; hidden from the OpenAPI
 * document, which describes the API for its clients, not the operator's scrape.
 */
export const metricsRoutes: FastifyPluginAsync<{ metrics: AppMetrics; token: string | undefined }> = async (
  app,
  { metrics, token },
) => {
  app.get(
    METRICS_PATH,
    { config: { public: true, rateLimit: AUTH_RATE_LIMIT }, schema: { hide: true } },
    async (request, reply) => {
      if (token === undefined) {
        throw notFound();
      }
      const given = bearerOf(request);
      if (given === null || !sameToken(given, token)) {
        reply.header('WWW-Authenticate', 'Bearer realm="graftmatch-metrics"');
        throw unauthorized();
      }
      reply.header('content-type', metrics.contentType).header('cache-control', 'no-store');
      return metrics.render();
    },
  );
};
