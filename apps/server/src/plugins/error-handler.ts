import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { databaseFailure, describeDatabaseError } from '../db/errors';
import { StorageError } from '../storage/storage';
import { MAX_PATH_SEGMENT_LENGTH } from '../http/path-segments';
import { PROBLEM_CONTENT_TYPE, ProblemError, RETRY_AFTER_SECONDS, type FieldError } from '../http/problem';

interface ProblemBody {
  type: string;
  title: string;
  status: number;
  detail: string;
  instance?: string;
  errors?: FieldError[];
  [key: string]: unknown;
}

export const STATUS_TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  408: 'Request Timeout',
  409: 'Conflict',
  413: 'Payload Too Large',
  414: 'URI Too Long',
  415: 'Unsupported Media Type',
  426: 'Upgrade Required',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

export function sendProblem(
  reply: FastifyReply,
  body: { status: number; detail: string; title?: string; errors?: FieldError[]; [key: string]: unknown },
) {
  const { status, detail, title, ...extras } = body;
  const problem: ProblemBody = {
    type: 'about:blank',
    title: title ?? STATUS_TITLES[status] ?? 'Error',
    status,
    detail,
    ...extras,
  };
  return reply.code(problem.status).type(PROBLEM_CONTENT_TYPE).send(problem);
}

/** Turns ajv's validation output into field-level reasons a person can act on. */
function fieldErrors(error: FastifyError): FieldError[] {
  const context = error.validationContext ?? 'body';
  return (error.validation ?? []).map((issue) => {
    const missing = (issue.params as { missingProperty?: string }).missingProperty;
    const pointer = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
    const field = [pointer, missing].filter(Boolean).join('.') || context;
    return { field, message: issue.message ?? 'is invalid' };
  });
}

/** The detail of a 414: the router's, and the not-found handler's when a wildcard took the path. */
export const OVERLONG_SEGMENT_DETAIL = `The address is too long: a part of its path exceeds ${MAX_PATH_SEGMENT_LENGTH} characters.`;

// Errors the router raises before any route (and so any error handler) is chosen.
const FRAMEWORK_ERROR_DETAILS: Record<string, string> = {
  FST_ERR_BAD_URL: 'The address is not valid: a part of its path is not correctly percent-encoded.',
  FST_ERR_MAX_PARAM_LENGTH: OVERLONG_SEGMENT_DETAIL,
};

/** Fastify's `frameworkErrors` option: router errors answer problem+json like every other refusal. */
export function frameworkErrorHandler(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const status = error.statusCode !== undefined && error.statusCode < 500 ? error.statusCode : 400;
  void sendProblem(reply, { status, detail: FRAMEWORK_ERROR_DETAILS[error.code] ?? 'The address could not be read.' });
}

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof ProblemError) {
      if (error.status === 503) {
        void reply.header('retry-after', String(RETRY_AFTER_SECONDS));
      }
      return sendProblem(reply, { status: error.status, title: error.title, detail: error.detail, ...error.extras });
    }
    if (error.validation) {
      const errors = fieldErrors(error);
      const summary = errors.map((e) => `${e.field} ${e.message}`).join('; ');
      return sendProblem(reply, { status: 400, detail: `Invalid request: ${summary}.`, errors });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return sendProblem(reply, { status, detail: error.message });
    }
    if (error instanceof StorageError) {
      request.log.error({ err: error, code: error.code }, 'file storage unavailable');
      void reply.header('retry-after', String(RETRY_AFTER_SECONDS));
      return sendProblem(reply, {
        status: 503,
        detail: 'The file storage cannot serve requests at the moment. Please try again shortly.',
      });
    }
    const failure = databaseFailure(error);
    if (failure === 'input') {
      request.log.warn({ cause: describeDatabaseError(error) }, 'the database refused a value of the request');
      return sendProblem(reply, { status: 400, detail: 'The request holds a value that cannot be stored.' });
    }
    if (failure === 'unavailable') {
      request.log.error({ err: error, cause: describeDatabaseError(error) }, 'storage unavailable');
      void reply.header('retry-after', String(RETRY_AFTER_SECONDS));
      return sendProblem(reply, {
        status: 503,
        detail: 'The database or its storage cannot serve requests at the moment. Please try again shortly.',
      });
    }
    request.log.error({ err: error }, 'request failed');
    return sendProblem(reply, {
      status: 500,
      detail: 'The server could not complete the request. It has been logged.',
    });
  });
}
