import { Readable } from 'node:stream';
import { utcDate } from '@graftmatch/domain';
import type { Kysely } from 'kysely';
import type { DB, EuteRow, GraftRow } from '../../db/types';
import { badRequest, forbidden, notFound } from '../../http/problem';
import type { Principal } from '../../identity/principal';
import { presentGrafts } from '../grafts/grafts.service';
import { findBankByRef } from '../organisations/organisations.service';
import { rowToFields } from './imports.columns';
import { LARGE_EXPORT_GRAFTS, type TurnGate } from './imports.gate';
import { exportableBanks, requireTemplateReader } from './imports.policy';
import * as repo from './imports.repository';
import { csvLines, csvStart, streamXlsx, writeCsv, writeXlsx, type ColumnRow } from './imports.write';

// The export of a bank's grafts in the import's own columns, and the empty template (docs/import.md).

export type ExportFormat = 'csv' | 'json' | 'xlsx';

export interface ExportDeps {
  db: Kysely<DB>;
  now: () => Date;
}

export interface ExportFile {
  content: Buffer;
  contentType: string;
  fileName: string;
}

/** An export on its way: the stream is written page by page as the client reads it. */
export interface ExportStream {
  stream: Readable;
  contentType: string;
  fileName: string;
}

const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  json: 'application/json; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

// Grafts read a page at a time by lot (keyset) and written a page at a time: each page is a few
// milliseconds of the event loop (SQLite reads synchronously), and each written chunk stays below
// V8's large-object size, so it is freed by the cheap young-generation collection
// (docs/performance.md "Exports").
const EXPORT_PAGE = 100;

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/** Every graft of the bank, page by page; the event loop runs between pages (SQLite reads synchronously). */
async function* pagesOf(deps: ExportDeps, euteId: string): AsyncGenerator<GraftRow[]> {
  let after: string | null = null;
  for (;;) {
    const rows = await repo.graftPageOfBank(deps.db, euteId, after, EXPORT_PAGE);
    if (rows.length === 0) {
      return;
    }
    after = rows.at(-1)!.eLot;
    yield rows;
    await nextTurn();
  }
}

async function bankToExport(deps: ExportDeps, principal: Principal | null, ref: string | undefined): Promise<EuteRow> {
  const allowed = exportableBanks(principal);
  const chosen = ref ?? (allowed !== 'any' && allowed.length === 1 ? allowed[0] : undefined);
  if (!chosen) {
    throw badRequest({ key: 'problem.fhir.nameExportBank' });
  }
  const bank = await findBankByRef(deps.db, chosen);
  if (allowed === 'any' && !bank) {
    throw notFound({ key: 'problem.noBankRef', params: { ref: chosen } });
  }
  if (!bank || (allowed !== 'any' && !allowed.includes(bank.id))) {
    throw forbidden({ key: 'problem.fhir.ownBankExport' });
  }
  return bank;
}

/** A graft row in the import's columns, its bank named as the import names it. */
const columnRow = (row: GraftRow, bank: EuteRow): ColumnRow => ({
  ...rowToFields(row),
  e_Eute: bank.euteNumber ?? bank.id,
});

async function* columnPagesOf(deps: ExportDeps, bank: EuteRow): AsyncGenerator<ColumnRow[]> {
  for await (const rows of pagesOf(deps, bank.id)) {
    yield rows.map((row) => columnRow(row, bank));
  }
}

/** The export's text formats, written as the client reads: CSV in the import's columns, JSON in the API's graft shape. */
async function* textChunks(deps: ExportDeps, bank: EuteRow, format: 'csv' | 'json', today: string) {
  if (format === 'csv') {
    yield csvStart();
    for await (const rows of columnPagesOf(deps, bank)) {
      yield csvLines(rows);
    }
    return;
  }
  let first = true;
  yield '[';
  for await (const rows of pagesOf(deps, bank.id)) {
    const grafts = await presentGrafts(deps.db, rows, today);
    const text = grafts.map((graft) => JSON.stringify(graft)).join(',\n');
    yield first ? `\n${text}` : `,\n${text}`;
    first = false;
  }
  yield '\n]\n';
}

/**
 * `GET /euteemployee/export`: every graft of the bank, in the import's columns (JSON: the API's
 * graft shape), streamed page by page. The caller is checked before the first byte; an export of
 * many grafts waits for its turn (`oneLargeExport`, held until its stream closes).
 */
export async function exportGrafts(
  deps: ExportDeps,
  principal: Principal | null,
  options: { format: ExportFormat; bank?: string },
  oneLargeExport: TurnGate,
): Promise<ExportStream> {
  const bank = await bankToExport(deps, principal, options.bank);
  const release =
    (await repo.countGraftsOfBank(deps.db, bank.id)) >= LARGE_EXPORT_GRAFTS ? await oneLargeExport() : () => {};
  try {
    const at = deps.now();
    const euteRef = bank.euteNumber ?? bank.id;
    const stream =
      options.format === 'xlsx'
        ? await streamXlsx(columnPagesOf(deps, bank))
        : Readable.from(textChunks(deps, bank, options.format, utcDate(at)), { objectMode: false });
    stream.once('close', release);
    return {
      stream,
      contentType: CONTENT_TYPES[options.format],
      fileName: `grafts-${euteRef}-${utcDate(at)}.${options.format}`,
    };
  } catch (error) {
    release();
    throw error;
  }
}

/** `GET /import/template`: the header row alone (xlsx: and a sheet describing each column), for those who import. */
export async function importTemplate(principal: Principal | null, format: 'csv' | 'xlsx'): Promise<ExportFile> {
  requireTemplateReader(principal);
  const content = format === 'csv' ? writeCsv([]) : await writeXlsx([], { describe: true });
  return { content, contentType: CONTENT_TYPES[format], fileName: `graftmatch-import-template.${format}` };
}
