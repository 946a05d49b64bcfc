import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { FILE_UPLOAD_RULES, FileKindParam, Lot, MAX_FILES_PER_UPLOAD, Problem } from '@graftmatch/domain';
import type { FastifyRequest } from 'fastify';
import { MAX_PATH_SEGMENT_LENGTH } from '../../http/path-segments';
import { ProblemError, badRequest } from '../../http/problem';
import { languageOf } from '../../http/request-kit';
import { GraftResponse } from '../../http/wire-responses';
import type { FilesDeps } from './files.access';
import { MissingFileError, mainImage, oneFile, stlModel, zipOfKind } from './files-download.service';
import { deleteFile, uploadFiles, type UploadPart } from './files-upload.service';
import { sendDownload } from './file-reply';

const errors = { 400: Problem, 401: Problem, 403: Problem, 404: Problem };
const uploadErrors = { ...errors, 409: Problem, 413: Problem, 415: Problem };
const Binary = (description: string) => Type.Unsafe<Buffer>({ type: 'string', format: 'binary', description });
const downloads = (description: string) => ({
  200: Binary(description),
  206: Binary('one byte range'),
  ...errors,
  503: Problem,
});

const FileName = Type.String({ minLength: 1, maxLength: MAX_PATH_SEGMENT_LENGTH });
/** Names are unique per graft and kind: the lot says whose file is meant when the caller sees several. */
const FileLot = Type.Object({ lot: Type.Optional(Lot) });

/** The download calls of spec §7 under /api/file. */
export const fileRoutes: FastifyPluginAsyncTypebox<{ deps: FilesDeps }> = async (app, { deps }) => {
  // A row without its object is an alarm for the operator (docs/operations.md, "Files folder").
  app.addHook('onError', async (request, _reply, error) => {
    if (error instanceof MissingFileError) {
      request.log.error({ storageKey: error.file.storageKey }, 'a file row names a file missing from the files folder');
    }
  });
  app.get(
    '/getimage/:xlot',
    {
      schema: {
        operationId: 'getGraftImage',
        summary: "Download a graft's main photo or its thumbnail",
        tags: ['files'],
        params: Type.Object({ xlot: Lot }),
        querystring: Type.Object({ thumb: Type.Boolean({ default: false }) }),
        response: downloads('the main photo (JPEG, PNG or WebP), or its WebP thumbnail'),
      },
    },
    async (request, reply) =>
      sendDownload(request, reply, await mainImage(deps, request.principal, request.params.xlot, request.query.thumb)),
  );

  app.get(
    '/getstlfile/:lot',
    {
      schema: {
        operationId: 'getGraftStlModel',
        summary: "Download a graft's 3D model (STL)",
        tags: ['files'],
        params: Type.Object({ lot: Lot }),
        response: downloads('model/stl'),
      },
    },
    async (request, reply) => sendDownload(request, reply, await stlModel(deps, request.principal, request.params.lot)),
  );

  app.get(
    '/getfile/:type/:name',
    {
      schema: {
        operationId: 'getGraftFile',
        summary: "Download one of a graft's files",
        tags: ['files'],
        params: Type.Object({ type: FileKindParam, name: FileName }),
        querystring: FileLot,
        response: { ...downloads('the file as uploaded'), 409: Problem },
      },
    },
    async (request, reply) =>
      sendDownload(request, reply, await oneFile(deps, request.principal, { ...request.params, ...request.query })),
  );

  app.get(
    '/getzipfile/:type/:lot',
    {
      schema: {
        operationId: 'getGraftFilesZip',
        summary: "Download all of a graft's files of one kind as a zip",
        tags: ['files'],
        params: Type.Object({ type: FileKindParam, lot: Lot }),
        response: { 200: Binary('application/zip'), ...errors },
      },
    },
    async (request, reply) =>
      sendDownload(
        request,
        reply,
        await zipOfKind(deps, request.principal, request.params.type, request.params.lot, languageOf(request)),
      ),
  );
};

const largestFile = Math.max(...Object.values(FILE_UPLOAD_RULES).map((rule) => rule.maxBytes));

/** The parts of a multipart request, each file as a stream to be consumed before the next part. */
async function* partsOf(request: FastifyRequest): AsyncGenerator<UploadPart> {
  for await (const part of request.parts()) {
    if (part.type === 'field') {
      yield { type: 'field', name: part.fieldname, value: String(part.value) };
    } else {
      yield { type: 'file', field: part.fieldname, filename: part.filename, stream: part.file };
    }
  }
}

/** Up to this many declared bytes a refused upload is still received, so its sender reads the refusal. */
const DRAINED_UPLOAD_BYTES = 8 * 1024 * 1024;

function smallRemainder(request: FastifyRequest): boolean {
  const declared = Number(request.headers['content-length']);
  return Number.isFinite(declared) && declared <= DRAINED_UPLOAD_BYTES;
}

/** The code of the error `clientGone` rejects with. */
const CLIENT_GONE = 'CLIENT_GONE';

/**
 * Whether an upload failed because the client stopped sending: the connection closed before the
 * body's end (Node's "aborted", @fastify/multipart's premature close), or the multipart inside a
 * complete body was cut short (busboy's "unexpected end of multipart data"), before or in a file.
 */
function endedEarly(request: FastifyRequest, error: unknown): boolean {
  if (request.raw.readableAborted) {
    return true;
  }
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if (
      [CLIENT_GONE, 'FST_MP_PREMATURE_CLOSE'].includes((cause as { code?: unknown }).code as string) ||
      /end of multipart data/i.test(cause.message)
    ) {
      return true;
    }
  }
  return false;
}

/**
 * Rejects when the client closes the connection before the body's end. A close that comes before
 * the parts are read (the caller was still being looked up in the database) leaves the multipart
 * parser waiting for data that never comes, so the upload races this.
 */
function clientGone(request: FastifyRequest): Promise<never> {
  return new Promise((_, reject) => {
    const check = () => {
      if (!request.raw.complete) {
        reject(Object.assign(new Error('the client closed the connection mid-upload'), { code: CLIENT_GONE }));
      }
    };
    if (request.raw.destroyed) {
      check();
    } else {
      request.raw.once('close', check);
    }
  });
}

/** The upload and delete calls under /api/media. */
export const mediaRoutes: FastifyPluginAsyncTypebox<{ deps: FilesDeps }> = async (app, { deps }) => {
  // Streamed: files go to a temporary file part by part, never whole into memory.
  await app.register(multipart, {
    limits: {
      fileSize: largestFile,
      files: MAX_FILES_PER_UPLOAD + 1,
      fields: 10,
      fieldSize: 1000,
      parts: 40,
      headerPairs: 50,
    },
  });

  app.post(
    '/uploadfiles',
    {
      schema: {
        operationId: 'uploadGraftFiles',
        summary: 'Upload files to a graft',
        tags: ['media'],
        consumes: ['multipart/form-data'],
        description:
          'multipart/form-data: `lot`, `type` (0, 1, 2, 3, 5, 6 or stl), then one or more `files`. Answers the graft with its new file lists.',
        response: { 200: GraftResponse, ...uploadErrors },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) {
        throw new ProblemError(415, 'Unsupported Media Type', { key: 'problem.files.multipart' });
      }
      try {
        const caller = { principal: request.principal, ip: request.ip };
        return await Promise.race([uploadFiles(deps, caller, partsOf(request)), clientGone(request)]);
      } catch (error) {
        if (!request.raw.complete) {
          // A refusal may come while the client still sends. The rest of a small body is read and
          // dropped, so the client reads the answer instead of a broken pipe; a large or unknown one
          // is cut off by closing the connection rather than received for nothing.
          if (smallRemainder(request)) {
            request.raw.unpipe();
            request.raw.resume();
          } else {
            void reply.header('connection', 'close');
          }
        }
        if (endedEarly(request, error)) {
          // The client's doing, not the storage's: no alarm (docs/operations.md, "Logs").
          request.log.info({ cause: (error as Error).message }, 'upload ended early');
          throw badRequest({ key: 'problem.files.uploadCut' });
        }
        throw error;
      }
    },
  );

  app.delete(
    '/files/:type/:name',
    {
      schema: {
        operationId: 'deleteGraftFile',
        summary: "Delete one of a graft's files",
        tags: ['media'],
        params: Type.Object({ type: FileKindParam, name: FileName }),
        querystring: FileLot,
        response: { 200: GraftResponse, ...errors, 409: Problem },
      },
    },
    async (request) =>
      deleteFile(deps, { principal: request.principal, ip: request.ip }, { ...request.params, ...request.query }),
  );
};
