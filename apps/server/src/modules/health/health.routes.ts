import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Database } from '../../db/database';
import { serviceUnavailable } from '../../http/problem';

const HealthResponse = Type.Object({ status: Type.Literal('ok') });

/**
 * Liveness (the process answers) and readiness (the database answers; the storage guard answers 503
 * before this when the data folder changed), for load balancers.
 */
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
        throw serviceUnavailable('The database is not reachable.');
      }
      return { status: 'ok' as const };
    },
  );
};
