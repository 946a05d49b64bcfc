import { Type, type Static } from '@sinclair/typebox';
import { CORRECTION_FIELDS } from '../rules/clinical-records';
import { IsoDateTime, MultiLineText } from './common';

// Corrections of a recorded step (docs/api.md, "Corrections").

/** Body of `POST /requests/{id}/corrections`: `validateCorrection` checks the value per field. */
export const CorrectionRequest = Type.Object(
  {
    field: Type.Union(CORRECTION_FIELDS.map((field) => Type.Literal(field))),
    value: MultiLineText(1000),
    reason: MultiLineText(1000),
  },
  { additionalProperties: false },
);
export type CorrectionRequest = Static<typeof CorrectionRequest>;

/** One entry of a request's history: a step, or a correction with its old and new value and reason. */
export const RequestHistoryEntry = Type.Object({
  action: Type.String({ description: 'request.<step>, or request.correct' }),
  at: IsoDateTime,
  by: Type.String({ description: "the actor's e-mail, or system" }),
  field: Type.Optional(Type.String()),
  oldValue: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  newValue: Type.Optional(Type.String()),
  reason: Type.Optional(Type.String()),
});
export type RequestHistoryEntry = Static<typeof RequestHistoryEntry>;
export const RequestHistory = Type.Array(RequestHistoryEntry);
export type RequestHistory = Static<typeof RequestHistory>;
