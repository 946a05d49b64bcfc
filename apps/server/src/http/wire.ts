import { Type, type TSchema, type TUnsafe } from '@sinclair/typebox';

/**
 * The same JSON schema, typed by the domain's already-resolved static type. The type provider
 * re-deriving large domain schemas (the 60-field Graft, `Type.Enum` fields) either exceeds
 * TypeScript's instantiation depth or resolves enums to `never`; ajv, fast-json-stringify
 * and OpenAPI see exactly the same schema.
 */
export function wire<T>(schema: TSchema): TUnsafe<T> {
  return Type.Unsafe<T>(schema);
}
