import { Type, type Static } from '@sinclair/typebox';
import { FieldError } from './common';

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

/** Every error answer (RFC 9457). `detail` is optional so an error handler can never fail to serialize. */
export const Problem = Type.Object({
  type: Type.String({ examples: ['about:blank'] }),
  title: Type.String(),
  status: Type.Integer({ minimum: 400, maximum: 599 }),
  detail: Type.Optional(Type.String()),
  errors: Type.Optional(Type.Array(FieldError)),
  passwordAttempts: Type.Optional(Type.Integer({ minimum: 0, description: 'login attempts left' })),
  expectedCode: Type.Optional(Type.String({ description: "a refused scan: the graft's own code" })),
  scannedCode: Type.Optional(Type.String({ description: 'a refused scan: the code read from the package' })),
});
export type Problem = Static<typeof Problem>;
