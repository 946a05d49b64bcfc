import { Type, type TSchema } from '@sinclair/typebox';
import type { TUnsafe } from '@fastify/type-provider-typebox';

/**
 * The same JSON schema, typed by the domain's already-resolved static type. The type provider
 * re-deriving large domain schemas (the 60-field Graft, `Type.Enum` fields) either exceeds
 * TypeScript's instantiation depth or resolves enums to `never`; ajv, fast-json-stringify
 * and OpenAPI see exactly the same schema. The type is the provider's own TypeBox (1.x)
 * `TUnsafe`, so a request body arrives in the handler typed `T`, and an answer is checked against `T`.
 */
export function wire<T>(schema: TSchema): TUnsafe<T> {
  return Type.Unsafe<T>(schema) as unknown as TUnsafe<T>;
}
