import { IMPORT_COLUMNS, type ImportValue } from '@graftmatch/domain';
import { stringify } from 'csv-stringify/sync';
import type ExcelJS from 'exceljs';
import { neutraliseFormula } from './csv-formula';

// Writes grafts as import columns (docs/import.md): the export in CSV or xlsx, and the empty
// template. What an export writes, an import of the same bank reads back unchanged.

export type ColumnRow = Record<string, ImportValue>;

const NAMES = IMPORT_COLUMNS.map((column) => column.name);

/**
 * CSV: UTF-8 with a BOM (so spreadsheets read umlauts), `,` between cells, a header row; a text a
 * spreadsheet would run as a formula gets a leading `'` (csv-formula.ts).
 */
export function writeCsv(rows: readonly ColumnRow[]): Buffer {
  const cell = (value: ColumnRow[string] | undefined) => (typeof value === 'string' ? neutraliseFormula(value) : value);
  const text = stringify(
    rows.map((row) => NAMES.map((name) => cell(row[name]) ?? '')),
    { header: true, columns: NAMES, record_delimiter: '\r\n', cast: { number: (value) => String(value) } },
  );
  return Buffer.from(`\uFEFF${text}`, 'utf8');
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
  // exceljs is loaded with the first workbook, not at start-up (docs/performance.md).
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
