import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { MultiLineText } from '@graftmatch/domain';
import { adminErrors } from './users.routes';
import { sendTestAlert, type TestAlertDeps } from './test-alert.service';

const TestAlertRequest = Type.Object({
  message: MultiLineText(500, { description: 'shown to every connected user as an alert' }),
});

/** The test push of design.md §5, under /api/admin. */
export const adminTestAlertRoutes: FastifyPluginAsyncTypebox<{ deps: TestAlertDeps }> = async (app, { deps }) => {
  app.post(
    '/testR',
    {
      schema: { tags: ['admin'], body: TestAlertRequest, response: { 204: Type.Null(), ...adminErrors } },
    },
    async (request, reply) => {
      sendTestAlert(deps, request.principal, request.body.message);
      return reply.code(204).send(null);
    },
  );
};
