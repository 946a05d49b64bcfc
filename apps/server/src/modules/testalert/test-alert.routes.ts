import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { TestAlertRequest, TestAlertResult } from '@graftmatch/domain';
import { errors } from '../../http/request-kit';
import { sendTestAlert, type TestAlertDeps } from './test-alert.service';

/** The test push of spec §7 (`testR`), under /api/admin. */
export const adminTestAlertRoutes: FastifyPluginAsyncTypebox<{ deps: TestAlertDeps }> = async (app, { deps }) => {
  app.post(
    '/testR',
    {
      schema: {
        operationId: 'sendTestAlert',
        summary: 'Send a test alert to every active user',
        tags: ['admin'],
        body: TestAlertRequest,
        response: { 200: TestAlertResult, ...errors },
      },
    },
    async (request) => sendTestAlert(deps, request.principal, request.body.message),
  );
};
