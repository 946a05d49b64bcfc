import {
  translateMessage,
  type ImportFieldError,
  type ImportLogListItem,
  type ImportNotice,
  type ImportResult,
  type ImportRowError,
  type ImportSummary,
  type Language,
} from '@graftmatch/domain';
import type { ImportLogRow, NewImportLogRow } from '../../db/types';
import type { ImportPlan } from './imports.plan';

// The import log of spec §3 with its summary and row errors: the text of `log`, and rows to wire.

/** The log's text lists at most this many row errors; the `errors` list has them all (up to its own cap). */
const ERRORS_IN_TEXT = 100;

/** What the rows came to; a strict import refused for a bad row wrote nothing. */
export function summaryOf(rows: number, plan: ImportPlan, refused: boolean): ImportSummary {
  return {
    rows,
    inserted: refused ? 0 : plan.inserts.length,
    updated: refused ? 0 : plan.updates.length,
    unchanged: refused ? rows - plan.failedRows : plan.unchanged,
    failed: plan.failedRows,
  };
}

export function importLogText(input: {
  summary: ImportSummary;
  errors: readonly ImportRowError[];
  notices: readonly ImportNotice[];
  ignoredColumns: readonly string[];
  skipped?: readonly string[];
  options: { dryRun: boolean; strict: boolean };
  refused: boolean;
}): string {
  const { summary, errors, notices, ignoredColumns, skipped = [], options, refused } = input;
  const lines = [
    `${options.dryRun ? 'Dry run: ' : ''}${summary.rows} rows: ${summary.inserted} inserted, ${summary.updated} updated, ${summary.unchanged} unchanged, ${summary.failed} failed.`,
  ];
  if (refused) {
    lines.push(`Strict import: nothing was written because ${summary.failed} row(s) failed.`);
  }
  if (ignoredColumns.length > 0) {
    lines.push(`Ignored columns: ${ignoredColumns.join(', ')}.`);
  }
  if (skipped.length > 0) {
    lines.push(`Skipped (not grafts): ${skipped.join(', ')}.`);
  }
  lines.push(...notices.map((notice) => `Notice: ${notice.message}`));
  for (const error of errors.slice(0, ERRORS_IN_TEXT)) {
    lines.push(`Row ${error.row}${error.lot ? ` (${error.lot})` : ''}: ${error.field} ${error.message}`);
  }
  if (summary.failed > 0 && errors.length > ERRORS_IN_TEXT) {
    lines.push(`… and ${errors.length - ERRORS_IN_TEXT} more errors.`);
  }
  return lines.join('\n');
}

const EMPTY_SUMMARY: ImportSummary = { rows: 0, inserted: 0, updated: 0, unchanged: 0, failed: 0 };

function parseJson<T>(text: string | null | undefined, fallback: T): T {
  return text ? (JSON.parse(text) as T) : fallback;
}

export function toImportLogListItem(
  row: Omit<ImportLogRow, 'errors' | 'notices'> | NewImportLogRow,
  dryRun = false,
): ImportLogListItem {
  return {
    id: row.id,
    model: row.model,
    date: row.date,
    importer: row.importer,
    log: row.log,
    importType: row.importType,
    importSource: row.importSource,
    euteId: row.euteId ?? null,
    dryRun,
    strict: row.strict === 1,
    summary: parseJson(row.summary, EMPTY_SUMMARY),
  };
}

/**
 * The log with its row errors worded in `language`: each error keeps its catalogue message, so it
 * reads in either language; one kept as text only (written before the catalogue) reads as written.
 * The log's text stays the record as it was written, in English.
 */
export function toImportResult(row: ImportLogRow | NewImportLogRow, dryRun: boolean, language: Language): ImportResult {
  const errors = parseJson<(ImportRowError & Pick<ImportFieldError, 'wording'>)[]>(row.errors, []);
  return {
    ...toImportLogListItem(row, dryRun),
    errors: errors.map(({ wording, ...error }) =>
      wording ? { ...error, message: translateMessage(language, wording) } : error,
    ),
    notices: parseJson<ImportNotice[]>(row.notices, []),
  };
}
