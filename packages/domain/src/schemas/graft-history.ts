import { Type, type Static } from '@sinclair/typebox';
import { IsoDateTime } from './common';

// A graft's life story (docs/api.md, "A graft's history"): its audit rows and those of its requests and files.

/** One field an event changed: its value before and after (null where there was none). */
export const GraftHistoryChange = Type.Object({
  field: Type.String(),
  oldValue: Type.Union([Type.String(), Type.Null()]),
  newValue: Type.Union([Type.String(), Type.Null()]),
});
export type GraftHistoryChange = Static<typeof GraftHistoryChange>;

/** One audit row of the graft, one of its requests or one of its files. */
export const GraftHistoryEvent = Type.Object({
  at: IsoDateTime,
  action: Type.String({ description: 'a name of the audit vocabulary, e.g. request.reserve' }),
  actor: Type.String({ description: "the actor's name and e-mail, or system" }),
  targetType: Type.String({ description: 'graft, graftRequest or graftFile' }),
  targetId: Type.Union([Type.String(), Type.Null()]),
  changes: Type.Array(GraftHistoryChange),
  reason: Type.Union([Type.String(), Type.Null()]),
});
export type GraftHistoryEvent = Static<typeof GraftHistoryEvent>;
export const GraftHistory = Type.Array(GraftHistoryEvent);
export type GraftHistory = Static<typeof GraftHistory>;
