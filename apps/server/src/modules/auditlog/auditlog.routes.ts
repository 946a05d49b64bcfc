import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { AUDIT_PAGE_SIZE, AuditLogExportQuery, AuditLogPage, AuditLogQuery } from '@graftmatch/domain';
import { TOTAL_COUNT_HEADER, pageOf } from '../../http/paging';
import { errors, languageOf } from '../../http/request-kit';
import { exportAuditLog, readAuditLog, type AuditLogDeps } from './auditlog.service';

const CsvFile = Type.Unsafe<Buffer>({ type: 'string', format: 'binary', description: 'text/csv, as an attachment' });

/** The audit log for admins and auditors, under /api/admin. */
export const adminAuditLogRoutes: FastifyPluginAsyncTypebox<{ deps: AuditLogDeps }> = async (app, { deps }) => {
  app.get(
    '/auditlog',
    {
      schema: {
        operationId: 'readAuditLog',
        summary: 'Read one page of the audit log',
        tags: ['admin'],
        querystring: AuditLogQuery,
        response: { 200: AuditLogPage, ...errors },
      },
    },
    async (request) => {
      const { limit: _limit, offset: _offset, ...filter } = request.query;
      return readAuditLog(deps, request.principal, filter, pageOf(request.query, AUDIT_PAGE_SIZE));
    },
  );

  app.get(
    '/auditlog/export',
    {
      schema: {
        operationId: 'exportAuditLog',
        summary: 'Download the filtered audit log as CSV',
        tags: ['admin'],
        querystring: AuditLogExportQuery,
        produces: ['text/csv'],
        response: { 200: CsvFile, ...errors },
      },
    },
    async (request, reply) => {
      const file = await exportAuditLog(deps, request.principal, request.query, languageOf(request));
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header(TOTAL_COUNT_HEADER, String(file.total))
        .send(file.content);
    },
  );
};
