import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Database } from '../../db/database';
import { ProblemError } from '../../http/problem';

const HealthResponse = Type.Object({ status: Type.Literal('ok') });

/** Liveness (the process answers) and readiness (the database answers), for load balancers. */
export const healthRoutes: FastifyPluginAsyncTypebox<{ database: Database }> = async (app, { database }) => {
  app.get('/health', { schema: { tags: ['health'], security: [], response: { 200: HealthResponse } } }, async () => ({
    status: 'ok' as const,
  }));

  app.get(
    '/ready',
    { schema: { tags: ['health'], security: [], response: { 200: HealthResponse } } },
    async (request) => {
      try {
        await database.ping();
      } catch (error) {
        request.log.warn({ err: error }, 'database not reachable');
        throw new ProblemError(503, 'Service Unavailable', 'The database is not reachable.');
      }
      return { status: 'ok' as const };
    },
  );
};
