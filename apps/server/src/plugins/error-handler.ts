import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  MESSAGES,
  patternWording,
  translate,
  translateMessage,
  type Language,
  type Message,
  type MessageKey,
} from '@graftmatch/domain';
import { languageOf } from '../http/request-kit';
import { databaseFailure, describeDatabaseError } from '../db/errors';
import { StorageError } from '../storage/storage';
import { MAX_PATH_SEGMENT_LENGTH } from '../http/path-segments';
import {
  PROBLEM_CONTENT_TYPE,
  ProblemError,
  RETRY_AFTER_SECONDS,
  fieldMessage,
  fieldSummary,
  type FieldError,
} from '../http/problem';

interface ProblemBody {
  type: string;
  title: string;
  status: number;
  detail: string;
  instance?: string;
  errors?: FieldError[];
  [key: string]: unknown;
}

/** The standard titles of the statuses the app answers with, as the English catalogue words them. */
export const STATUS_TITLES: Record<number, string> = Object.fromEntries(
  Object.entries(MESSAGES.en.problem.title).flatMap(([status, title]) =>
    status === 'other' ? [] : [[Number(status), title]],
  ),
);

/** A status's title in `language`: the standard one, which the catalogue words. */
const titleOf = (status: number, language: Language) =>
  STATUS_TITLES[status] === undefined
    ? translate(language, 'problem.title.other')
    : translate(language, `problem.title.${status}` as MessageKey);

/**
 * Sends a problem in the caller's language: a standard title is worded anew, and field errors
 * that carry a catalogue message are worded from it; the wording itself stays off the wire.
 */
export function sendProblem(
  reply: FastifyReply,
  body: { status: number; detail: Message; title?: string; errors?: FieldError[]; [key: string]: unknown },
) {
  const language = languageOf(reply.request);
  const { status, title, errors, detail: wording, ...extras } = body;
  const detail = translateMessage(language, wording);
  const standardTitle = title === undefined || title === STATUS_TITLES[status];
  const problem: ProblemBody = {
    type: 'about:blank',
    title: standardTitle ? titleOf(status, language) : title,
    status,
    detail,
    ...extras,
    ...(errors
      ? {
          errors: errors.map(({ field, message, wording }) => ({
            field,
            message: wording ? translate(language, wording.key, wording.params) : message,
          })),
        }
      : {}),
  };
  return reply.code(problem.status).type(PROBLEM_CONTENT_TYPE).send(problem);
}

// The schema rules whose failures the catalogue words; any other rule is "is invalid".
const VALIDATION_KEYWORDS = new Set([
  'required',
  'type',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'format',
  'enum',
  'const',
  'additionalProperties',
]);

/**
 * Turns ajv's validation output into field-level reasons a person can act on, in the caller's
 * language; a pattern is told in words (`patternWording`), never as the expression.
 */
function fieldErrors(error: FastifyError, language: Language): FieldError[] {
  const context = error.validationContext ?? 'body';
  return (error.validation ?? []).map((issue) => {
    const params = issue.params as { missingProperty?: string; pattern?: string; [key: string]: unknown };
    const pointer = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
    const field = [pointer, params.missingProperty].filter(Boolean).join('.') || context;
    if (issue.keyword === 'pattern' && typeof params.pattern === 'string') {
      return { field, message: translateMessage(language, patternWording(params.pattern)) };
    }
    if (!VALIDATION_KEYWORDS.has(issue.keyword)) {
      return { field, message: translate(language, 'validation.invalid') };
    }
    const values = Object.fromEntries(
      Object.entries(params).filter((entry): entry is [string, string | number] =>
        ['string', 'number'].includes(typeof entry[1]),
      ),
    );
    return { field, message: translate(language, `validation.${issue.keyword}` as MessageKey, values) };
  });
}

/** The detail of a 414: the router's, and the not-found handler's when a wildcard took the path. */
export const OVERLONG_SEGMENT_DETAIL: Message = {
  key: 'problem.other.overlongSegment',
  params: { max: MAX_PATH_SEGMENT_LENGTH },
};

// Errors the router raises before any route (and so any error handler) is chosen.
const FRAMEWORK_ERROR_DETAILS: Record<string, Message> = {
  FST_ERR_BAD_URL: { key: 'problem.other.badAddress' },
  FST_ERR_MAX_PARAM_LENGTH: OVERLONG_SEGMENT_DETAIL,
};

// Fastify's own refusals of a body, worded from the catalogue; any other keeps Fastify's words.
const BODY_ERROR_DETAILS: Record<string, Message> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { key: 'problem.other.bodyTooLarge' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { key: 'problem.other.emptyJsonBody' },
};

/** Fastify's `frameworkErrors` option: router errors answer problem+json like every other refusal. */
export function frameworkErrorHandler(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const status = error.statusCode !== undefined && error.statusCode < 500 ? error.statusCode : 400;
  void sendProblem(reply, {
    status,
    detail: FRAMEWORK_ERROR_DETAILS[error.code] ?? { key: 'problem.other.unreadableAddress' },
  });
}

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const language = languageOf(request);
    if (error instanceof ProblemError) {
      if (error.status === 503) {
        void reply.header('retry-after', String(RETRY_AFTER_SECONDS));
      }
      const { summarized, ...extras } = error.extras;
      const errors = error.extras.errors ?? [];
      const params =
        summarized === true
          ? { ...error.wording.params, summary: fieldSummary(language, errors) }
          : summarized === 'reason' && errors[0]
            ? { ...error.wording.params, reason: fieldMessage(language, errors[0]) }
            : error.wording.params;
      const detail = { key: error.wording.key, params };
      return sendProblem(reply, { status: error.status, title: error.title, detail, ...extras });
    }
    if (error.validation) {
      const errors = fieldErrors(error, language);
      const summary = errors.map((e) => `${e.field} ${e.message}`).join('; ');
      return sendProblem(reply, {
        status: 400,
        detail: { key: 'problem.invalidRequest', params: { summary } },
        errors,
      });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return sendProblem(reply, {
        status,
        detail: BODY_ERROR_DETAILS[error.code] ?? { key: 'problem.other.refused', params: { reason: error.message } },
      });
    }
    if (error instanceof StorageError) {
      request.log.error({ err: error, code: error.code }, 'file storage unavailable');
      void reply.header('retry-after', String(RETRY_AFTER_SECONDS));
      return sendProblem(reply, {
        status: 503,
        detail: { key: 'problem.storageUnavailable' },
      });
    }
    const failure = databaseFailure(error);
    if (failure === 'input') {
      request.log.warn({ cause: describeDatabaseError(error) }, 'the database refused a value of the request');
      return sendProblem(reply, { status: 400, detail: { key: 'problem.valueNotStorable' } });
    }
    if (failure === 'unavailable') {
      request.log.error({ err: error, cause: describeDatabaseError(error) }, 'storage unavailable');
      void reply.header('retry-after', String(RETRY_AFTER_SECONDS));
      return sendProblem(reply, {
        status: 503,
        detail: { key: 'problem.databaseUnavailable' },
      });
    }
    request.log.error({ err: error }, 'request failed');
    return sendProblem(reply, {
      status: 500,
      detail: { key: 'problem.serverFailure' },
    });
  });
}
