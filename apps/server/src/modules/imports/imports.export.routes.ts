import type { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { Problem } from '@graftmatch/domain';
import type { FastifyReply } from 'fastify';
import { exportGrafts, importTemplate, type ExportDeps, type ExportFile } from './imports.export.service';
import { createExportGate } from './imports.gate';

const errors = { 400: Problem, 401: Problem, 403: Problem, 404: Problem };
const exportErrors = { ...errors, 503: Problem };
const DownloadedFile = Type.Unsafe<Buffer>({
  type: 'string',
  format: 'binary',
  description: 'text/csv, application/json or the xlsx workbook, as an attachment',
});

const ExportQuery = Type.Object(
  {
    format: Type.Union([Type.Literal('csv'), Type.Literal('json'), Type.Literal('xlsx')], { default: 'csv' }),
    bank: Type.Optional(
      Type.String({ minLength: 1, maxLength: 64, description: 'EUTE number or id; needed by admins and auditors' }),
    ),
  },
  { additionalProperties: false },
);
const TemplateQuery = Type.Object(
  { format: Type.Union([Type.Literal('csv'), Type.Literal('xlsx')], { default: 'csv' }) },
  { additionalProperties: false },
);

const sendFile = (reply: FastifyReply, file: Omit<ExportFile, 'content'>, content: ExportFile['content'] | Readable) =>
  reply.type(file.contentType).header('content-disposition', `attachment; filename="${file.fileName}"`).send(content);

/** `GET /api/euteemployee/export`: a bank's grafts in the import's columns, streamed (docs/import.md "Export"). */
export const exportRoutes: FastifyPluginAsyncTypebox<{ deps: ExportDeps }> = async (app, { deps }) => {
  const oneLargeExport = createExportGate();
  app.get(
    '/export',
    {
      schema: {
        operationId: 'exportGrafts',
        summary: "Download a bank's grafts in the import's columns",
        tags: ['euteemployee'],
        querystring: ExportQuery,
        produces: ['text/csv', 'application/json'],
        response: { 200: DownloadedFile, ...exportErrors },
      },
    },
    async (request, reply) => {
      const file = await exportGrafts(deps, request.principal, request.query, oneLargeExport);
      return sendFile(reply, file, file.stream);
    },
  );
};

/** `GET /api/import/template`: the empty file to fill in, CSV or xlsx. */
export const importTemplateRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/template',
    {
      schema: {
        operationId: 'getImportTemplate',
        summary: 'Download an empty import file to fill in',
        tags: ['import'],
        querystring: TemplateQuery,
        response: { 200: DownloadedFile, ...errors },
      },
    },
    async (request, reply) => {
      const file = await importTemplate(request.principal, request.query.format);
      return sendFile(reply, file, file.content);
    },
  );
};
