import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { TestAlertRequest } from '@graftmatch/domain';
import { errors } from '../../http/request-kit';
import { sendTestAlert, type TestAlertDeps } from './test-alert.service';

/** The test push of spec §7 (`testR`), under /api/admin. */
export const adminTestAlertRoutes: FastifyPluginAsyncTypebox<{ deps: TestAlertDeps }> = async (app, { deps }) => {
  app.post(
    '/testR',
    {
      schema: { tags: ['admin'], body: TestAlertRequest, response: { 204: Type.Null(), ...errors } },
    },
    async (request, reply) => {
      await sendTestAlert(deps, request.principal, request.body.message);
      return reply.code(204).send(null);
    },
  );
};
