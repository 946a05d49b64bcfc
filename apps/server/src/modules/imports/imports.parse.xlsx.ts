import { pipeline, Transform, type Readable, type TransformCallback } from 'node:stream';
import { IMPORT_MAX_ROWS, type ImportCell } from '@graftmatch/domain';
import type ExcelJS from 'exceljs';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { ProblemError, badRequest } from '../../http/problem';
import { IMPORT_LIMITS, tooManyRows, unpacksTooLarge } from './imports.limits';
import { checkHeader, keptCells, type ImportSource, type RowSink } from './imports.parse.rows';

// An xlsx workbook read as a stream (docs/import.md "Limits"). yauzl reads the zip's directory
// and unpacks only the parts needed, each bounded by its declared and its real unpacked size
// (a zip bomb is refused), and exceljs' streaming reader parses them in the order that lets the
// first sheet stream row by row: relations, workbook, styles (dates), shared strings, the sheet.

type SharedString = string | null;

/** The parts of exceljs' streaming WorkbookReader this reader drives (exceljs 4.4). */
interface WorkbookReaderParts {
  sharedStrings?: SharedString[];
  model?: { sheets?: { rId: string }[] };
  workbookRels?: { Id: string; Target: string }[];
  _parseRels(stream: Readable): Promise<void>;
  _parseWorkbook(stream: Readable): Promise<void>;
  _parseStyles(stream: Readable): Promise<void>;
  _parseSharedStrings(stream: Readable): AsyncGenerator<{ text: SharedString | { richText: { text: string }[] } }>;
  _parseWorksheet(stream: Readable, sheetNo: string): Generator<{ value: AsyncIterable<ExcelJS.Row> }>;
}

const ZIP_OPTIONS = { lazyEntries: true, autoClose: false, validateEntrySizes: true, strictFileNames: false };

function openZip(source: ImportSource): Promise<ZipFile> {
  return new Promise((resolve, reject) => {
    const done = (error: Error | null, zip: ZipFile) => (error ? reject(error) : resolve(zip));
    if (Buffer.isBuffer(source)) {
      yauzl.fromBuffer(source, ZIP_OPTIONS, done);
    } else {
      yauzl.open(source.path, ZIP_OPTIONS, done);
    }
  });
}

/** The zip's directory by entry name; refuses a zip of more entries than a workbook has. */
function entriesOf(zip: ZipFile): Promise<Map<string, Entry>> {
  return new Promise((resolve, reject) => {
    const entries = new Map<string, Entry>();
    zip.on('entry', (entry: Entry) => {
      entries.set(entry.fileName, entry);
      if (entries.size > IMPORT_LIMITS.zipEntries) {
        reject(badRequest({ key: 'problem.imports.xlsxTooManyParts', params: { max: IMPORT_LIMITS.zipEntries } }));
      } else {
        zip.readEntry();
      }
    });
    zip.on('end', () => resolve(entries));
    zip.on('error', reject);
    zip.readEntry();
  });
}

/**
 * Counts a part's unpacked bytes (its own limit and all parts' together) and the longest run
 * between two `<`, which bounds any one text or tag the XML parser would have to hold.
 */
class PartLimit extends Transform {
  private bytes = 0;
  private run = 0;

  constructor(
    private readonly part: string,
    private readonly limit: number,
    private readonly total: { bytes: number },
  ) {
    super();
    this.setEncoding('utf8');
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.bytes += chunk.length;
    this.total.bytes += chunk.length;
    if (this.bytes > this.limit) {
      done(unpacksTooLarge(this.part, this.limit));
      return;
    }
    if (this.total.bytes > IMPORT_LIMITS.unpackedBytes) {
      done(unpacksTooLarge('all parts read', IMPORT_LIMITS.unpackedBytes));
      return;
    }
    let from = 0;
    for (let at = chunk.indexOf(0x3c); at !== -1; at = chunk.indexOf(0x3c, at + 1)) {
      if (this.run + at - from > IMPORT_LIMITS.runChars) {
        break;
      }
      this.run = 0;
      from = at + 1;
    }
    this.run += chunk.length - from;
    if (this.run > IMPORT_LIMITS.runChars) {
      done(badRequest({ key: 'problem.imports.xlsxLongRun', params: { part: this.part } }));
      return;
    }
    done(null, chunk);
  }
}

/** A part unpacked as a stream of text, refused at once when its directory declares too much. */
async function partStream(zip: ZipFile, entry: Entry, limit: number, total: { bytes: number }): Promise<Readable> {
  if (entry.uncompressedSize > limit) {
    throw unpacksTooLarge(entry.fileName, limit);
  }
  if (total.bytes + entry.uncompressedSize > IMPORT_LIMITS.unpackedBytes) {
    throw unpacksTooLarge('all parts read', IMPORT_LIMITS.unpackedBytes);
  }
  const unpacked = await new Promise<Readable>((resolve, reject) =>
    zip.openReadStream(entry, (error, stream) => (error ? reject(error) : resolve(stream))),
  );
  return pipeline(unpacked, new PartLimit(entry.fileName, limit, total), () => undefined);
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

/** The shared-string table, each string as plain text, bounded in number and in memory. */
async function readSharedStrings(reader: WorkbookReaderParts, stream: Readable, sink: RowSink) {
  const strings: SharedString[] = [];
  for await (const { text } of reader._parseSharedStrings(stream)) {
    const plain = text !== null && typeof text === 'object' ? text.richText.map((part) => part.text).join('') : text;
    sink.budget.keep(plain);
    strings.push(plain);
    if (strings.length > IMPORT_LIMITS.sharedStrings) {
      throw badRequest({ key: 'problem.imports.xlsxTooManyStrings', params: { max: IMPORT_LIMITS.sharedStrings } });
    }
  }
  return strings;
}

/** The first sheet's part, as exceljs' Workbook names it: the workbook's first sheet by its relation. */
function firstSheetPath(reader: WorkbookReaderParts): string | undefined {
  const rId = reader.model?.sheets?.[0]?.rId;
  const target = reader.workbookRels?.find((rel) => rel.Id === rId)?.Target;
  return target && (target.startsWith('/') ? target.slice(1) : `xl/${target}`);
}

async function readFirstSheet(sheet: AsyncIterable<ExcelJS.Row>, sink: RowSink): Promise<string[]> {
  let header: string[] | null = null;
  let ignoredColumns: string[] = [];
  let read = 0;
  for await (const row of sheet) {
    read += 1;
    // By number and by count: a sheet may repeat a row number to slip past the first.
    if (row.number - 1 > IMPORT_MAX_ROWS || read - 1 > IMPORT_MAX_ROWS) {
      throw tooManyRows(IMPORT_MAX_ROWS);
    }
    if (header === null) {
      // The header is row 1 wherever the sheet starts, as when the whole workbook was loaded.
      header = [];
      if (row.number === 1) {
        row.eachCell({ includeEmpty: true }, (cell, column) => {
          (header as string[])[column - 1] = String(excelCell(cell.value) ?? '').trim();
        });
      }
      ignoredColumns = checkHeader(header, sink.known);
      if (row.number === 1) {
        continue;
      }
    }
    if (!row.hasValues) {
      continue;
    }
    sink.budget.row(row.actualCellCount);
    const columns = header;
    sink.add({
      row: row.number,
      cells: keptCells(columns, sink, (index) => excelCell(row.getCell(index + 1).value)),
      errors: [],
    });
  }
  if (read === 0) {
    throw badRequest({ key: 'problem.imports.xlsxNoRows' });
  }
  return ignoredColumns;
}

async function readWorkbook(zip: ZipFile, sink: RowSink): Promise<string[]> {
  const entries = await entriesOf(zip);
  const total = { bytes: 0 };
  const part = (name: string, limit = IMPORT_LIMITS.metadataPartBytes) => {
    const entry = entries.get(name);
    return entry ? partStream(zip, entry, limit, total) : undefined;
  };
  // Loaded here by the command line; the server loads exceljs before it listens (cli/main.ts).
  const { default: Excel } = await import('exceljs');
  const reader = new Excel.stream.xlsx.WorkbookReader('', {
    worksheets: 'emit',
    sharedStrings: 'emit',
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  }) as unknown as WorkbookReaderParts;
  const rels = await part('xl/_rels/workbook.xml.rels');
  const workbook = await part('xl/workbook.xml');
  if (!rels || !workbook) {
    throw badRequest({ key: 'problem.imports.xlsxNoWorkbook' });
  }
  await reader._parseRels(rels);
  await reader._parseWorkbook(workbook);
  const styles = await part('xl/styles.xml');
  if (styles) {
    await reader._parseStyles(styles);
  }
  const strings = await part('xl/sharedStrings.xml', IMPORT_LIMITS.sharedStringBytes);
  reader.sharedStrings = strings ? await readSharedStrings(reader, strings, sink) : [];
  const sheetPath = firstSheetPath(reader);
  const sheetEntry = sheetPath === undefined ? undefined : entries.get(sheetPath);
  if (!sheetEntry) {
    throw badRequest({ key: 'problem.imports.xlsxNoRows' });
  }
  const sheetStream = await partStream(zip, sheetEntry, IMPORT_LIMITS.unpackedBytes, total);
  const [emitted] = [...reader._parseWorksheet(sheetStream, '1')];
  if (!emitted) {
    throw badRequest({ key: 'problem.imports.xlsxNoRows' });
  }
  return readFirstSheet(emitted.value, sink);
}

export async function readXlsx(source: ImportSource, sink: RowSink) {
  let zip: ZipFile | undefined;
  try {
    zip = await openZip(source);
    return { format: 'xlsx' as const, ignoredColumns: await readWorkbook(zip, sink) };
  } catch (error) {
    throw error instanceof ProblemError
      ? error
      : badRequest({ key: 'problem.imports.xlsxUnreadable', params: { reason: (error as Error).message } });
  } finally {
    zip?.close();
  }
}
