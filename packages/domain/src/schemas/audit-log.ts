import { Type, type Static } from '@sinclair/typebox';
import { Id, IsoDateTime, Nullable } from './common';

/** One change to clinical or account data, written in the same transaction as the change. */
export const AuditLogEntry = Type.Object({
  id: Id,
  at: IsoDateTime,
  actorId: Nullable(Id, { description: 'null for the system, e.g. a command-line import' }),
  action: Type.String({ examples: ['waitinglist.add'] }),
  targetType: Type.String({ examples: ['graft', 'user', 'waitinglist'] }),
  targetId: Nullable(Type.String({ description: 'a lot or an id' })),
  before: Type.Unknown({ description: 'the record before the change; null when created' }),
  after: Type.Unknown({ description: 'the record after the change; null when removed' }),
});
export type AuditLogEntry = Static<typeof AuditLogEntry>;
