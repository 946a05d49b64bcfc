import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { MAIL_PAGE_SIZE, MailListPage, MailListQuery, OutboxMail } from '@graftmatch/domain';
import { pageOf } from '../../http/paging';
import { IdParams, problems } from '../../http/request-kit';
import { actorOf } from '../../identity/actor';
import { readMails, retryMail, type MailsDeps } from './mails.service';

const errors = problems(400, 401, 403, 404, 409);

/** The mail outbox for admins (auditors read), under /api/admin (docs/operations.md "Mail"). */
export const adminMailRoutes: FastifyPluginAsyncTypebox<{ deps: MailsDeps }> = async (app, { deps }) => {
  app.get(
    '/mails',
    {
      schema: {
        operationId: 'listMails',
        summary: 'List the mails of the outbox',
        tags: ['admin'],
        querystring: MailListQuery,
        response: { 200: MailListPage, ...errors },
      },
    },
    async (request) => readMails(deps, request.principal, request.query.state, pageOf(request.query, MAIL_PAGE_SIZE)),
  );

  app.post(
    '/mails/:id/retry',
    {
      schema: {
        operationId: 'retryMail',
        summary: 'Send a failed mail again',
        tags: ['admin'],
        params: IdParams,
        response: { 200: OutboxMail, ...errors },
      },
    },
    async (request) => retryMail(deps, actorOf(request), request.params.id),
  );
};
