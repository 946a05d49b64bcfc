import type { TObject, TSchema } from '@sinclair/typebox';

// Forms take their fields' length limits from the request schemas the server validates with, so a
// field never takes more than the server accepts.

function maxLengthIn(schema: TSchema | undefined): number | undefined {
  if (!schema) {
    return undefined;
  }
  if (typeof schema.maxLength === 'number') {
    return schema.maxLength;
  }
  const members = (schema.anyOf ?? []) as TSchema[];
  const limits = members.map(maxLengthIn).filter((limit): limit is number => limit !== undefined);
  return limits.length > 0 ? Math.max(...limits) : undefined;
}

/** The `maxLength` of a text field of a request schema (also when optional or nullable). */
export function maxLengthOf<T extends TObject>(schema: T, field: keyof T['properties'] & string): number {
  const limit = maxLengthIn(schema.properties[field]);
  if (limit === undefined) {
    throw new RangeError(`The field ${field} has no maxLength.`);
  }
  return limit;
}
