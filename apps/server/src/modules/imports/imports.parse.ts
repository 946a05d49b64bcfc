import { IMPORT_MAX_ROWS, PROCESS_STEP_NAMES, type ImportCell } from '@graftmatch/domain';
import { parse as parseCsv } from 'csv-parse/sync';
import type ExcelJS from 'exceljs';
import { badRequest } from '../../http/problem';

// Reads an import file into rows of cells by column name, whatever its format (docs/import.md).
// The format is told by content, never by the file name: a zip (xlsx), JSON text, or CSV text.

export type ImportFormat = 'csv' | 'json' | 'xlsx';

/** One data row: its number as the user sees it in the file, its cells, and reasons found while reading. */
export interface SourceRow {
  row: number;
  cells: Record<string, ImportCell>;
  errors: { field: string; message: string }[];
}

export interface ParsedFile {
  format: ImportFormat;
  /** Column names the file has that the importer does not read. */
  ignoredColumns: string[];
  rows: SourceRow[];
}

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The format by content; refuses empty files and text that is not UTF-8. */
function detect(content: Buffer): { format: 'xlsx' } | { format: 'csv' | 'json'; text: string } {
  if (content.length === 0) {
    throw badRequest('The file is empty.');
  }
  if (content.subarray(0, 4).equals(ZIP_MAGIC)) {
    return { format: 'xlsx' };
  }
  let text: string;
  try {
    text = utf8.decode(content); // drops a byte-order mark
  } catch {
    throw badRequest('The file is neither an xlsx workbook nor UTF-8 text (CSV or JSON). Save it as UTF-8.');
  }
  if (text.includes('\u0000')) {
    throw badRequest('The file holds binary data; upload CSV, JSON or xlsx.');
  }
  const start = text.trimStart();
  if (start === '') {
    throw badRequest('The file is empty.');
  }
  return { format: start.startsWith('[') || start.startsWith('{') ? 'json' : 'csv', text };
}

function checkRowCount(count: number) {
  if (count > IMPORT_MAX_ROWS) {
    throw badRequest(`The file has ${count} rows; at most ${IMPORT_MAX_ROWS} fit in one import.`);
  }
}

function checkHeader(header: string[], known: ReadonlySet<string>): string[] {
  if (!header.includes('e_Lot')) {
    throw badRequest('The file has no e_Lot column; the first row must name the columns (docs/import.md).');
  }
  const seen = new Set<string>();
  for (const name of header) {
    if (seen.has(name) && name !== '') {
      throw badRequest(`The column ${name} appears twice.`);
    }
    seen.add(name);
  }
  return header.filter((name) => name !== '' && !known.has(name));
}

function readCsv(text: string, known: ReadonlySet<string>): ParsedFile {
  const lineEnd = text.indexOf('\n');
  const firstLine = lineEnd === -1 ? text : text.slice(0, lineEnd);
  const delimiter = firstLine.split(';').length > firstLine.split(',').length ? ';' : ',';
  let records: string[][];
  try {
    records = parseCsv(text, { delimiter, relax_column_count: true, skip_empty_lines: true, bom: true });
  } catch (error) {
    throw badRequest(`The CSV cannot be read: ${(error as Error).message}`);
  }
  const [header = [], ...data] = records.map((record) => record.map((cell) => cell.trim()));
  checkRowCount(data.length);
  const ignoredColumns = checkHeader(header, known);
  const rows = data.map((record, index): SourceRow => {
    const cells = Object.fromEntries(header.map((name, column) => [name, record[column] ?? '']));
    const errors =
      record.length === header.length
        ? []
        : [{ field: 'row', message: `has ${record.length} cells where the header has ${header.length}` }];
    return { row: index + 2, cells, errors };
  });
  return { format: 'csv', ignoredColumns, rows };
}

function isCell(value: unknown): value is ImportCell {
  return value === null || ['string', 'number', 'boolean'].includes(typeof value);
}

/** One graft object of the API's own shape: scalar fields, and each process step as `{ status, outValue }`. */
function flattenGraft(value: unknown, row: number, known: ReadonlySet<string>, ignored: Set<string>): SourceRow {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return { row, cells: {}, errors: [{ field: 'row', message: 'must be a graft object' }] };
  }
  const cells: Record<string, ImportCell> = {};
  const errors: SourceRow['errors'] = [];
  for (const [key, inner] of Object.entries(value)) {
    if ((PROCESS_STEP_NAMES as readonly string[]).includes(key) && inner && typeof inner === 'object') {
      for (const [part, cell] of Object.entries(inner)) {
        const name = `${key}.${part}`;
        if (known.has(name) && isCell(cell)) {
          cells[name] = cell;
        } else if (known.has(name)) {
          errors.push({ field: name, message: 'must be text, a number or null' });
        }
      }
    } else if (known.has(key)) {
      if (isCell(inner)) {
        cells[key] = inner;
      } else {
        errors.push({ field: key, message: 'must be text, a number or null' });
      }
    } else {
      ignored.add(key);
    }
  }
  if (!Object.hasOwn(cells, 'e_Lot')) {
    cells.e_Lot = null;
  }
  return { row, cells, errors };
}

// What an export in the API's shape carries besides the importable columns.
const READ_ONLY_JSON_FIELDS = new Set([
  'listStatus',
  'stlFiles',
  'fotoFiles',
  'releaseStatementFiles',
  'allocationNotificationFiles',
  'deliveryNoteFiles',
  'dicomFiles',
]);

function readJson(text: string, known: ReadonlySet<string>): ParsedFile {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw badRequest(`The JSON cannot be read: ${(error as Error).message}`);
  }
  if (!Array.isArray(value)) {
    throw badRequest('The JSON must be an array of grafts, in the shape the API answers.');
  }
  checkRowCount(value.length);
  const ignored = new Set<string>();
  const rows = value.map((graft, index) => flattenGraft(graft, index + 1, known, ignored));
  return { format: 'json', ignoredColumns: [...ignored].filter((name) => !READ_ONLY_JSON_FIELDS.has(name)), rows };
}

/** A cell of exceljs as a plain value: formulas give their result, rich text and links their text. */
function excelCell(value: ExcelJS.CellValue): ImportCell {
  if (value === null || value === undefined || value instanceof Date) {
    return value ?? null;
  }
  if (typeof value !== 'object') {
    return value;
  }
  if ('richText' in value) {
    return value.richText.map((part) => part.text).join('');
  }
  if ('text' in value && typeof value.text === 'string') {
    return value.text;
  }
  if ('result' in value) {
    return excelCell(value.result as ExcelJS.CellValue);
  }
  if ('error' in value) {
    return String(value.error);
  }
  return null;
}

async function readXlsx(content: Buffer, known: ReadonlySet<string>): Promise<ParsedFile> {
  // exceljs is loaded with the first workbook, not at start-up (docs/performance.md).
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.Workbook();
  try {
    await workbook.xlsx.load(content as unknown as ArrayBuffer);
  } catch (error) {
    throw badRequest(`The xlsx workbook cannot be read: ${(error as Error).message}`);
  }
  const sheet = workbook.worksheets[0];
  if (!sheet || sheet.rowCount === 0) {
    throw badRequest('The workbook has no rows on its first sheet.');
  }
  checkRowCount(sheet.rowCount - 1);
  const header: string[] = [];
  sheet.getRow(1).eachCell({ includeEmpty: true }, (cell, column) => {
    header[column - 1] = String(excelCell(cell.value) ?? '').trim();
  });
  const ignoredColumns = checkHeader(header, known);
  const rows: SourceRow[] = [];
  sheet.eachRow((row, number) => {
    if (number === 1) {
      return;
    }
    const cells: Record<string, ImportCell> = {};
    header.forEach((name, index) => {
      if (name !== '') {
        cells[name] = excelCell(row.getCell(index + 1).value);
      }
    });
    rows.push({ row: number, cells, errors: [] });
  });
  return { format: 'xlsx', ignoredColumns, rows };
}

/** Reads an import file; a file that cannot be read at all answers 400 with the reason. */
export async function parseImportFile(content: Buffer, knownColumns: readonly string[]): Promise<ParsedFile> {
  const known = new Set(knownColumns);
  const detected = detect(content);
  if (detected.format === 'xlsx') {
    return readXlsx(content, known);
  }
  return detected.format === 'json' ? readJson(detected.text, known) : readCsv(detected.text, known);
}
