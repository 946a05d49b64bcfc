import { Ajv, type Options, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance } from 'fastify';
import fastJsonStringify, { type Schema } from 'fast-json-stringify';

const shared: Options = { useDefaults: true, removeAdditional: 'all', allErrors: false, strict: false };

function createAjv(coerceTypes: Options['coerceTypes']): Ajv {
  const ajv = new Ajv({ ...shared, coerceTypes });
  addFormats(ajv);
  return ajv;
}

interface LazyValidator {
  (data: unknown): boolean;
  errors?: ValidateFunction['errors'];
}

/**
 * Compiles a route's schema on the route's first request instead of at start-up: compiling every
 * route's validators and serializers was half of the cold start (docs/performance.md). The schemas
 * themselves are proved by the route tests, which call every route.
 */
function lazyValidator(compile: () => ValidateFunction): LazyValidator {
  let validate: ValidateFunction | undefined;
  const lazy: LazyValidator = (data) => {
    validate ??= compile();
    const valid = validate(data) as boolean;
    // Fastify reads the failures from the function's `errors`, as ajv leaves them.
    lazy.errors = validate.errors;
    return valid;
  };
  return lazy;
}

function lazySerializer(schema: Schema): (data: unknown) => string {
  let serialize: ((data: unknown) => string) | undefined;
  return (data) => (serialize ??= fastJsonStringify(schema))(data);
}

/**
 * Paths, query strings and headers are text on the wire, so their values are coerced to the
 * schema's types (`?limit=20` is the number 20). A JSON body already carries types: a string
 * where a number belongs, or an array where text belongs, is refused with 400 instead of being
 * quietly converted.
 */
export function registerValidation(app: FastifyInstance) {
  const forText = createAjv('array');
  const forJson = createAjv(false);
  app.setValidatorCompiler(({ schema, httpPart }) =>
    lazyValidator(() => (httpPart === 'body' ? forJson : forText).compile(schema)),
  );
  app.setSerializerCompiler(({ schema }) => lazySerializer(schema as Schema));
}
