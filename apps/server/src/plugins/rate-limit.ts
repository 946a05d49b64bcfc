import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { ProblemError } from '../http/problem';

/**
 * Per-IP limit of every auth route (docs/decisions.md §7): 60 calls a minute. Routes opt in with
 * `config: { rateLimit: AUTH_RATE_LIMIT }`. The count is kept per instance, in memory.
 */
export const AUTH_RATE_LIMIT = { max: 60, timeWindow: '1 minute' } as const;

export async function registerRateLimit(app: FastifyInstance) {
  await app.register(rateLimit, {
    global: false,
    // Thrown as an error, so the error handler answers problem+json like every other refusal.
    errorResponseBuilder: (_request, context) =>
      new ProblemError(context.statusCode, 'Too Many Requests', {
        key: 'problem.auth.rateLimited',
        params: { max: context.max, seconds: Math.max(1, Math.ceil(context.ttl / 1000)) },
      }),
  });
}
