import { IMPORT_COLUMNS, type ImportValue } from '@graftmatch/domain';
import { PassThrough, type Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import type ExcelJS from 'exceljs';
import { neutraliseFormula } from './csv-formula';

// Writes grafts as import columns (docs/import.md): the export in CSV or xlsx, and the empty
// template. What an export writes, an import of the same bank reads back unchanged.

export type ColumnRow = Record<string, ImportValue>;

const NAMES = IMPORT_COLUMNS.map((column) => column.name);

const csvCell = (value: ColumnRow[string] | undefined) =>
  typeof value === 'string' ? neutraliseFormula(value) : value;

/** CSV lines of rows, each ended by CRLF; with the header row first when asked. */
export function csvLines(rows: readonly ColumnRow[], header = false): string {
  return stringify(
    rows.map((row) => NAMES.map((name) => csvCell(row[name]) ?? '')),
    { header, columns: NAMES, record_delimiter: '\r\n', cast: { number: (value) => String(value) } },
  );
}

/** The start of a CSV file: the BOM (so spreadsheets read umlauts) and the header row. */
export const csvStart = () => `\uFEFF${csvLines([], true)}`;

/**
 * CSV: UTF-8 with a BOM, `,` between cells, a header row; a text a spreadsheet would run as a
 * formula gets a leading `'` (csv-formula.ts).
 */
export function writeCsv(rows: readonly ColumnRow[]): Buffer {
  return Buffer.from(`${csvStart()}${csvLines(rows)}`, 'utf8');
}

const UNIT: Partial<Record<string, string>> = { mm: 'mm', date: 'yyyy-mm-dd' };

/** How each column is read, for the template's second sheet. */
function describeColumns(workbook: ExcelJS.Workbook) {
  const sheet = workbook.addWorksheet('Columns');
  sheet.addRow(['column', 'kind', 'unit', 'minimum', 'maximum', 'max length', 'example']);
  for (const column of IMPORT_COLUMNS) {
    sheet.addRow([
      column.name,
      column.kind,
      UNIT[column.kind] ?? '',
      column.range?.min ?? '',
      column.range?.max ?? '',
      column.maxLength ?? '',
      column.example,
    ]);
  }
  sheet.getRow(1).font = { bold: true };
}

/** xlsx: the grafts on the first sheet (numbers stay numbers); the template adds a sheet describing the columns. */
export async function writeXlsx(rows: readonly ColumnRow[], options: { describe: boolean }): Promise<Buffer> {
  // Loaded here by the command line; the server loads exceljs before it listens (cli/main.ts).
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.Workbook();
  const sheet = workbook.addWorksheet('Grafts');
  sheet.addRow(NAMES);
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) {
    sheet.addRow(NAMES.map((name) => row[name] ?? null));
  }
  if (options.describe) {
    describeColumns(workbook);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** Waits until the reader took what was written (or left); answers false once the stream is closed. */
async function drained(out: PassThrough): Promise<boolean> {
  if (out.writableNeedDrain && !out.destroyed) {
    await new Promise<void>((resolve) => {
      const done = () => {
        out.off('drain', done).off('close', done);
        resolve();
      };
      out.on('drain', done).on('close', done);
    });
  }
  return !out.destroyed;
}

/**
 * xlsx written page by page as the client reads (the export; docs/import.md "Export"): exceljs'
 * streaming writer commits each row into the zip at once and keeps no shared strings, and the next
 * page is asked for only when the client has taken the last, so memory stays flat at any size.
 */
export async function streamXlsx(pages: AsyncIterable<readonly ColumnRow[]>): Promise<Readable> {
  const { default: Excel } = await import('exceljs');
  const out = new PassThrough();
  const workbook = new Excel.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
  const sheet = workbook.addWorksheet('Grafts');
  // No styles (the header is not bold): each styled cell costs a style lookup, a tenth of the writing time.
  sheet.addRow(NAMES).commit();
  const write = async () => {
    for await (const rows of pages) {
      for (const row of rows) {
        sheet.addRow(NAMES.map((name) => row[name] ?? null)).commit();
      }
      if (!(await drained(out))) {
        return;
      }
    }
    sheet.commit();
    await workbook.commit();
  };
  write().catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return out;
}
