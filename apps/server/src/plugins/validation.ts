import { Ajv, type Options } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance } from 'fastify';

const shared: Options = { useDefaults: true, removeAdditional: 'all', allErrors: false, strict: false };

function createAjv(coerceTypes: Options['coerceTypes']): Ajv {
  const ajv = new Ajv({ ...shared, coerceTypes });
  addFormats(ajv);
  return ajv;
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
  app.setValidatorCompiler(({ schema, httpPart }) => (httpPart === 'body' ? forJson : forText).compile(schema));
}
