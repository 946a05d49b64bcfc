import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Problem } from '@graftmatch/domain';
import type { Database } from '../../db/database';
import { serviceUnavailable } from '../../http/problem';
import type { FileSweepStatus } from '../files/files.sweep';

const HealthResponse = Type.Object({
  status: Type.Literal('ok'),
  missingFiles: Type.Integer({
    minimum: 0,
    description: 'Files named by file rows but missing from the files folder at the last sweep (an alarm).',
  }),
});

/**
 * Liveness (the process answers) and readiness (the database answers; the storage guard answers 503
 * before this when the data folder changed), for load balancers. Both count the missing files:
 * they make only those files' downloads fail, so they do not take the instance out of service.
 */
export const healthRoutes: FastifyPluginAsyncTypebox<{ database: Database; files: FileSweepStatus }> = async (
  app,
  { database, files },
) => {
  app.get(
    '/health',
    {
      schema: {
        operationId: 'getHealth',
        summary: 'Tell that the process answers (liveness)',
        tags: ['health'],
        security: [],
        response: { 200: HealthResponse },
      },
    },
    async () => ({
      status: 'ok' as const,
      missingFiles: files.missingFiles(),
    }),
  );

  app.get(
    '/ready',
    {
      schema: {
        operationId: 'getReadiness',
        summary: 'Tell that the instance can serve: its database answers (readiness)',
        tags: ['health'],
        security: [],
        response: { 200: HealthResponse, 503: Problem },
      },
    },
    async (request) => {
      try {
        await database.ping();
      } catch (error) {
        request.log.warn({ err: error }, 'database not reachable');
        throw serviceUnavailable({ key: 'problem.other.databaseUnreachable' });
      }
      return { status: 'ok' as const, missingFiles: files.missingFiles() };
    },
  );
};
