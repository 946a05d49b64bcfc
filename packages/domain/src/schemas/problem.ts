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
  priorImplantation: Type.Optional(
    Type.Object(
      { lot: Type.String(), implantedOn: Type.String(), patient_Code: Type.String(), graftType: Type.Integer() },
      { description: 'a refusal for want of an acknowledgement: the implantation of the same type within 90 days' },
    ),
  ),
});
export type Problem = Static<typeof Problem>;
