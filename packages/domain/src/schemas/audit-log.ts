import { Type, type Static } from '@sinclair/typebox';
import { Id, ISO_DATE_PATTERN, ISO_DATE_TIME_PATTERN, IsoDateTime, Nullable, RequiredText } from './common';
import { MAX_PAGE_SIZE } from '../constants/paging';
import { PageQuery } from './paging';

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
  actorName: Nullable(Type.String({ description: "the actor's name; null for the system or a user no longer known" })),
  targetLabel: Nullable(
    Type.String({ description: 'the target in words: a LOT, a name; null when there is nothing more than its id' }),
  ),
  targetLot: Nullable(Type.String({ description: 'the LOT of the graft the target belongs to, when it is one' })),
});
export type AuditLogEntry = Static<typeof AuditLogEntry>;

/** The page size of the audit log when the query names none. */
export const AUDIT_PAGE_SIZE = 50;

const DateOrDateTime = (description: string) =>
  Type.String({ pattern: `${ISO_DATE_PATTERN}|${ISO_DATE_TIME_PATTERN}`, description });

const AUDIT_FILTERS = {
  actorId: Type.Optional(Id),
  action: Type.Optional(RequiredText(100)),
  targetType: Type.Optional(RequiredText(50)),
  targetId: Type.Optional(RequiredText(100)),
  from: Type.Optional(DateOrDateTime('yyyy-mm-dd or ISO date-time, UTC')),
  to: Type.Optional(DateOrDateTime('a date includes that whole day')),
  hideSignIns: Type.Optional(Type.Boolean({ description: 'leave out logins, logouts and ended sessions' })),
};

/** `GET /admin/auditlog`: exact filters, a time range (a date includes that whole day, UTC), and the page. */
export const AuditLogQuery = Type.Object(
  { ...PageQuery.properties, ...AUDIT_FILTERS },
  { additionalProperties: false },
);
export type AuditLogQuery = Static<typeof AuditLogQuery>;

/** `GET /admin/auditlog/export`: the log's filters; every matching row up to the export's limit. */
export const AuditLogExportQuery = Type.Object(AUDIT_FILTERS, { additionalProperties: false });
export type AuditLogExportQuery = Static<typeof AuditLogExportQuery>;

/** The most rows one audit-log export holds; a longer period is exported in parts. */
export const AUDIT_EXPORT_MAX_ROWS = 50_000;

/** The answer of `GET /admin/auditlog`: newest first, with the number of all matching rows. */
export const AuditLogPage = Type.Object({
  items: Type.Array(AuditLogEntry),
  total: Type.Integer({ minimum: 0 }),
  limit: Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE }),
  offset: Type.Integer({ minimum: 0 }),
});
export type AuditLogPage = Static<typeof AuditLogPage>;

/** What `GET /api/admin/audit/verify` answers: the hash chain recomputed and its checkpoints checked (docs/security.md). */
export const AuditChainReport = Type.Object({
  ok: Type.Boolean(),
  rows: Type.Integer({ minimum: 0 }),
  checkpoints: Type.Integer({ minimum: 0 }),
  verifiedUpTo: Type.Integer({ minimum: 0 }),
  lastCheckpoint: Nullable(Type.Object({ size: Type.Integer({ minimum: 1 }), at: IsoDateTime })),
  failure: Nullable(
    Type.Object({
      kind: Type.Union([
        Type.Literal('hash'),
        Type.Literal('gap'),
        Type.Literal('checkpoint'),
        Type.Literal('truncated'),
        Type.Literal('unchained'),
      ]),
      seq: Nullable(Type.Integer({ minimum: 1 })),
      message: Type.String(),
    }),
  ),
  summary: Type.String(),
  /** The verifier key of the checkpoints' signatures (name+keyid+base64), for `graftmatch audit verify --public-key`. */
  publicKey: Type.String(),
});
export type AuditChainReport = Static<typeof AuditChainReport>;
