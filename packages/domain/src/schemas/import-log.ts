import { Type, type Static } from '@sinclair/typebox';
import { Id, IsoDateTime, Nullable } from './common';

/** The record of one import of grafts (spec §3, docs/decisions.md §9). */
export const ImportLog = Type.Object({
  id: Id,
  model: Type.String({ description: 'what was imported, e.g. graft' }),
  date: IsoDateTime,
  importer: Type.String({ description: 'who started it: a user name, cli, or the API key' }),
  log: Type.String({ description: 'summary and row-level reasons for rejected rows' }),
  importType: Type.String({ examples: ['csv', 'json', 'xlsx', 'fhir'] }),
  importSource: Type.String({ description: 'where the data came from, e.g. upload or cli and the file name' }),
});
export type ImportLog = Static<typeof ImportLog>;

/** How the rows of one file fared. */
export const ImportSummary = Type.Object({
  rows: Type.Integer({ minimum: 0 }),
  inserted: Type.Integer({ minimum: 0 }),
  updated: Type.Integer({ minimum: 0 }),
  unchanged: Type.Integer({ minimum: 0 }),
  failed: Type.Integer({ minimum: 0 }),
});
export type ImportSummary = Static<typeof ImportSummary>;

/** One refused row: its row number in the file (the header is row 1; JSON counts from 1), lot, field and reason. */
export const ImportRowError = Type.Object({
  row: Type.Integer({ minimum: 1 }),
  lot: Nullable(Type.String()),
  field: Type.String(),
  message: Type.String(),
});
export type ImportRowError = Static<typeof ImportRowError>;

/** What a notice of an import is about; the web words each in the user's language. */
export const ImportNoticeCode = Type.Union([Type.Literal('bankNameFromRecord'), Type.Literal('bankEmailFromRecord')]);
export type ImportNoticeCode = Static<typeof ImportNoticeCode>;

/**
 * Something the import did that the file did not say, with the number of rows it applies to:
 * an empty bank name or contact taken from the bank's record (docs/import.md "Bank name and contact").
 */
export const ImportNotice = Type.Object({
  code: ImportNoticeCode,
  field: Type.String(),
  rows: Type.Integer({ minimum: 1 }),
  value: Type.String({ description: 'the value taken from the record' }),
  message: Type.String(),
});
export type ImportNotice = Static<typeof ImportNotice>;

/** An import log in a list: the log of spec §3 with its bank, summary and mode. */
export const ImportLogListItem = Type.Composite([
  ImportLog,
  Type.Object({
    euteId: Nullable(Id, { description: 'the tissue bank imported into' }),
    dryRun: Type.Boolean({ description: 'true when nothing was written' }),
    strict: Type.Boolean({ description: 'true when one bad row refuses the whole file' }),
    summary: ImportSummary,
  }),
]);
export type ImportLogListItem = Static<typeof ImportLogListItem>;

/** The answer of an import (upload, `graftmatch import --json`) and of `GET /import/logs/{id}`. */
export const ImportResult = Type.Composite([
  ImportLogListItem,
  Type.Object({ errors: Type.Array(ImportRowError), notices: Type.Array(ImportNotice) }),
]);
export type ImportResult = Static<typeof ImportResult>;
