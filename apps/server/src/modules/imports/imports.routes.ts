import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  IMPORT_MAX_BYTES,
  Id,
  ImportLogListItem as ImportLogListItemSchema,
  ImportResult as ImportResultSchema,
  Problem,
  type ImportLogListItem,
  type ImportResult,
} from '@graftmatch/domain';
import type { FastifyRequest } from 'fastify';
import { PageQuery, pageOf, sendPaged } from '../../http/paging';
import { wire } from '../../http/wire';
import { apiKeyOf } from '../../http/credentials';
import { languageOf } from '../../http/request-kit';
import { authenticateApiKey } from '../../identity/api-keys';
import { recordAudit } from '../audit/audit.service';
import { createImportGate, LARGE_IMPORT_BYTES } from './imports.gate';
import type { ImportCaller } from './imports.policy';
import { importGrafts, type ImportDeps } from './imports.service';
import { getImportLog, lastImportLog, listImportLogs } from './imports.logs.service';
import { isZipFile } from './imports.parse';
import { spoolUpload, sweepStaleSpools } from './imports.upload';

const errors = {
  400: Problem,
  401: Problem,
  403: Problem,
  404: Problem,
  409: Problem,
  413: Problem,
  415: Problem,
  503: Problem,
};
const ImportResultResponse = wire<ImportResult>(ImportResultSchema);
const ImportLogResponse = wire<ImportLogListItem>(ImportLogListItemSchema);
const ImportLogListResponse = wire<ImportLogListItem[]>(Type.Array(ImportLogListItemSchema));

const ImportQuery = Type.Object(
  {
    dryRun: Type.Boolean({ default: false, description: 'check and answer, write nothing' }),
    strict: Type.Boolean({ default: false, description: 'one bad row refuses the whole file' }),
    bank: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'EUTE number or id of the bank' })),
  },
  { additionalProperties: false },
);

// Documents the multipart body for OpenAPI; the handler reads the stream itself (`uploadedFile`), so
// no parsed body is there to validate, and a schema without `type` lets that pass.
const UploadBody = {
  content: {
    'multipart/form-data': {
      schema: Type.Unsafe({
        properties: { file: { type: 'string', description: 'the CSV, JSON, xlsx or FHIR R5 Bundle file (binary)' } },
      }),
    },
  },
};

/** Who calls: a tissue bank's API key, or else the logged-in user. */
export async function importCallerOf(deps: ImportDeps, request: FastifyRequest): Promise<ImportCaller> {
  const key = apiKeyOf(request);
  return key !== null
    ? authenticateApiKey({ ...deps, recordAudit }, key, request.ip)
    : { kind: 'user', principal: request.principal, ip: request.ip };
}

/** `POST /api/import/grafts` and the import logs under /api/import (docs/import.md). */
export const importRoutes: FastifyPluginAsyncTypebox<{ deps: ImportDeps }> = async (app, { deps }) => {
  if (!app.hasRequestDecorator('file')) {
    await app.register(multipart);
  }
  const oneLargeImport = createImportGate();
  sweepStaleSpools().catch((error: unknown) => app.log.warn({ err: error }, 'stale spooled imports stayed'));

  app.post(
    '/grafts',
    {
      config: { apiKey: true },
      bodyLimit: IMPORT_MAX_BYTES + 1024 * 1024,
      schema: {
        operationId: 'importGrafts',
        summary: "Import a tissue bank's grafts from a file",
        tags: ['import'],
        consumes: ['multipart/form-data'],
        body: UploadBody,
        querystring: ImportQuery,
        response: { 200: ImportResultResponse, ...errors },
      },
    },
    async (request) => {
      const caller = await importCallerOf(deps, request);
      const upload = await spoolUpload(request);
      const { dryRun, strict, bank } = request.query;
      const run = () =>
        importGrafts(deps, caller, upload, {
          dryRun,
          strict,
          bank,
          fileName: upload.fileName,
          language: languageOf(request),
        });
      try {
        const large = upload.bytes > LARGE_IMPORT_BYTES || (await isZipFile(upload.path));
        return await (large ? oneLargeImport(run) : run());
      } finally {
        // Not awaited: the answer goes out first, before the match alerts start (docs/import.md).
        upload.discard().catch((error: unknown) => request.log.warn({ err: error }, 'a spooled import stayed'));
      }
    },
  );

  app.get(
    '/logs',
    {
      schema: {
        operationId: 'listImportLogs',
        summary: 'List the import logs',
        tags: ['import'],
        querystring: PageQuery,
        response: { 200: ImportLogListResponse, ...errors },
      },
    },
    async (request, reply) =>
      sendPaged(reply, await listImportLogs(deps, request.principal, pageOf(request.query, 50))),
  );

  app.get(
    '/logs/:id',
    {
      schema: {
        operationId: 'getImportLog',
        summary: 'Read one import log',
        tags: ['import'],
        params: Type.Object({ id: Id }),
        response: { 200: ImportResultResponse, ...errors },
      },
    },
    async (request) => getImportLog(deps, request.principal, request.params.id, languageOf(request)),
  );
};

/** `GET /api/file/lastimportlog` (spec §7): the newest import log the caller may see. */
export const lastImportLogRoutes: FastifyPluginAsyncTypebox<{ deps: ImportDeps }> = async (app, { deps }) => {
  app.get(
    '/lastimportlog',
    {
      schema: {
        operationId: 'getLastImportLog',
        summary: 'Read the newest import log the caller may see',
        tags: ['import'],
        response: { 200: ImportLogResponse, ...errors },
      },
    },
    async (request) => lastImportLog(deps, request.principal),
  );
};
