import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AUDIT_PAGE_SIZE, AuditLogPage, AuditLogQuery } from '@graftmatch/domain';
import { pageOf } from '../../http/paging';
import { errors } from '../../http/request-kit';
import { readAuditLog, type AuditLogDeps } from './auditlog.service';

/** The audit log for admins and auditors, under /api/admin. */
export const adminAuditLogRoutes: FastifyPluginAsyncTypebox<{ deps: AuditLogDeps }> = async (app, { deps }) => {
  app.get(
    '/auditlog',
    {
      schema: { tags: ['admin'], querystring: AuditLogQuery, response: { 200: AuditLogPage, ...errors } },
    },
    async (request) => {
      const { limit: _limit, offset: _offset, ...filter } = request.query;
      return readAuditLog(deps, request.principal, filter, pageOf(request.query, AUDIT_PAGE_SIZE));
    },
  );
};
