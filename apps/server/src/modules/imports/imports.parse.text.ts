import { pipeline, Readable } from 'node:stream';
import { IMPORT_MAX_ROWS, PROCESS_STEP_NAMES, importFieldError, type ImportCell } from '@graftmatch/domain';
import { parse } from 'csv-parse';
import { ProblemError, badRequest } from '../../http/problem';
import { IMPORT_LIMITS, tooManyRows } from './imports.limits';
import { restoreFormula } from './csv-formula';
import { checkHeader, keptCells, prepend, type RowSink, type SourceRow } from './imports.parse.rows';

// The text formats, read as they stream in (docs/import.md): CSV through csv-parse's stream,
// JSON one graft at a time (each array element is cut out of the text and parsed on its own).

type TextRead = { format: 'csv' | 'json'; ignoredColumns: string[] };

/** The text up to the first line end (or the first MiB), which tells the delimiter. */
async function firstLineOf(text: AsyncGenerator<string>): Promise<{ firstLine: string; head: string[] }> {
  const head: string[] = [];
  let buffered = '';
  for (let next = await text.next(); !next.done; next = await text.next()) {
    head.push(next.value);
    buffered += next.value;
    if (buffered.includes('\n') || buffered.length >= IMPORT_LIMITS.runChars) {
      break;
    }
  }
  const lineEnd = buffered.indexOf('\n');
  return { firstLine: lineEnd === -1 ? buffered : buffered.slice(0, lineEnd), head };
}

/** The text unchanged; refuses a line longer than the limit, which could hold millions of empty cells. */
async function* boundedLines(text: AsyncIterable<string>): AsyncGenerator<string> {
  const tooLong = () => badRequest({ key: 'problem.imports.csvLineTooLong', params: { max: IMPORT_LIMITS.runChars } });
  let run = 0;
  for await (const chunk of text) {
    let from = 0;
    for (let end = chunk.indexOf('\n'); end !== -1; end = chunk.indexOf('\n', from)) {
      if (run + end - from > IMPORT_LIMITS.runChars) {
        throw tooLong();
      }
      run = 0;
      from = end + 1;
    }
    run += chunk.length - from;
    if (run > IMPORT_LIMITS.runChars) {
      throw tooLong();
    }
    yield chunk;
  }
}

export async function readCsv(text: AsyncGenerator<string>, sink: RowSink): Promise<TextRead> {
  const { firstLine, head } = await firstLineOf(text);
  const delimiter = firstLine.split(';').length > firstLine.split(',').length ? ';' : ',';
  const parser = parse({
    delimiter,
    relax_column_count: true,
    skip_empty_lines: true,
    bom: true,
    max_record_size: IMPORT_LIMITS.runChars,
  });
  const records = pipeline(Readable.from(boundedLines(prepend(head, text))), parser, () => undefined) as AsyncIterable<
    string[]
  >;
  let header: string[] | null = null;
  let ignoredColumns: string[] = [];
  let count = 0;
  try {
    for await (const raw of records) {
      const record = raw.map((cell) => cell.trim());
      if (header === null) {
        header = record;
        ignoredColumns = checkHeader(header, sink.known);
        continue;
      }
      count += 1;
      if (count > IMPORT_MAX_ROWS) {
        throw tooManyRows(IMPORT_MAX_ROWS);
      }
      sink.budget.row(record.length);
      const errors =
        record.length === header.length
          ? []
          : [
              importFieldError('row', {
                key: 'importRow.cellCount',
                params: { cells: record.length, columns: header.length },
              }),
            ];
      // A cell may carry the export's `'` before a formula character (csv-formula.ts).
      const cellAt = (column: number) => restoreFormula(record[column] ?? '');
      sink.add({ row: count + 1, cells: keptCells(header, sink, cellAt), errors });
    }
  } catch (error) {
    throw error instanceof ProblemError
      ? error
      : badRequest({ key: 'problem.imports.csvUnreadable', params: { reason: (error as Error).message } });
  }
  return { format: 'csv', ignoredColumns: header === null ? checkHeader([], sink.known) : ignoredColumns };
}

export const jsonUnreadable = (reason: string) =>
  badRequest({ key: 'problem.imports.jsonUnreadable', params: { reason } });

/** Where JSON text read a character at a time stands: how deeply nested, and whether inside a string. */
export class JsonPosition {
  depth = 0;
  private inString = false;
  private escaped = false;

  /** Takes the next character; answers whether it stands outside a string (a bracket, comma, colon or value). */
  structural(char: string): boolean {
    if (this.inString) {
      if (this.escaped) {
        this.escaped = false;
      } else if (char === '\\') {
        this.escaped = true;
      } else if (char === '"') {
        this.inString = false;
      }
      return false;
    }
    if (char === '"') {
      this.inString = true;
      return false;
    }
    if (char === '{' || char === '[') {
      this.depth += 1;
    } else if (char === '}' || char === ']') {
      this.depth -= 1;
    }
    return true;
  }
}

/** Collects the text of one value, cut from chunks, up to the limit of what one graft may take. */
export class JsonPiece {
  private parts: string[] = [];
  private length = 0;

  constructor(private readonly what: string) {}

  take(piece: string) {
    this.parts.push(piece);
    this.length += piece.length;
    if (this.length > IMPORT_LIMITS.runChars) {
      throw jsonUnreadable(`${this.what} takes more than ${IMPORT_LIMITS.runChars} characters`);
    }
  }

  /** The text collected so far, trimmed, or null when it is empty; starts the next piece. */
  cut(): string | null {
    const value = this.parts.join('').trim();
    this.parts = [];
    this.length = 0;
    return value === '' ? null : value;
  }
}

/**
 * The elements of the JSON array `text` holds, each as its own text, cut at the commas and the
 * closing bracket outside strings and nested values; JSON.parse checks each element itself.
 */
export async function* jsonArrayElements(text: AsyncIterable<string> | Iterable<string>): AsyncGenerator<string> {
  let state = 'open' as 'open' | 'element' | 'closed';
  const piece = new JsonPiece('a graft');
  const position = new JsonPosition();
  let elements = 0;
  for await (const chunk of text) {
    let start = 0;
    for (let index = 0; index < chunk.length; index += 1) {
      const char = chunk[index] as string;
      if (state === 'closed' || state === 'open') {
        if (/\s/.test(char)) {
          continue;
        }
        if (state === 'open' && char === '[') {
          position.structural(char);
          state = 'element';
          start = index + 1;
          continue;
        }
        throw state === 'open'
          ? badRequest({ key: 'problem.imports.jsonNotArray' })
          : jsonUnreadable(`unexpected ${char} after the array`);
      }
      if (!position.structural(char)) {
        continue;
      }
      if (position.depth === 0 && char === '}') {
        throw jsonUnreadable('unexpected } in the array');
      }
      if ((char === ',' && position.depth === 1) || position.depth === 0) {
        piece.take(chunk.slice(start, index));
        start = index + 1;
        const value = piece.cut();
        if (value !== null) {
          elements += 1;
          yield value;
        } else if (char === ',' || elements > 0) {
          throw jsonUnreadable(`an array element is missing before ${char}`);
        }
        state = position.depth === 0 ? 'closed' : 'element';
      }
    }
    if (state === 'element') {
      piece.take(chunk.slice(start));
    }
  }
  if (state !== 'closed') {
    throw jsonUnreadable('Unexpected end of JSON input');
  }
}

function isCell(value: unknown): value is ImportCell {
  return value === null || ['string', 'number', 'boolean'].includes(typeof value);
}

/** At most this many unknown names are kept for the log; a hostile file could have millions. */
export const MAX_IGNORED_NAMES = 1000;

/** One graft object of the API's own shape: scalar fields, and each process step as `{ status, outValue }`. */
function flattenGraft(value: unknown, row: number, sink: RowSink, ignored: Set<string>): SourceRow {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return { row, cells: {}, errors: [importFieldError('row', { key: 'importRow.notAnObject' })] };
  }
  const { known } = sink;
  const cells: Record<string, ImportCell> = {};
  const errors: SourceRow['errors'] = [];
  const entries = Object.entries(value);
  sink.budget.row(entries.length);
  for (const [key, inner] of entries) {
    if ((PROCESS_STEP_NAMES as readonly string[]).includes(key) && inner && typeof inner === 'object') {
      for (const [part, cell] of Object.entries(inner)) {
        const name = `${key}.${part}`;
        if (known.has(name) && isCell(cell)) {
          cells[name] = cell;
        } else if (known.has(name)) {
          errors.push(importFieldError(name, { key: 'importRow.cellType' }));
        }
      }
    } else if (known.has(key)) {
      if (isCell(inner)) {
        cells[key] = inner;
      } else {
        errors.push(importFieldError(key, { key: 'importRow.cellType' }));
      }
    } else if (ignored.size < MAX_IGNORED_NAMES) {
      ignored.add(key);
    }
  }
  if (!Object.hasOwn(cells, 'e_Lot')) {
    cells.e_Lot = null;
  }
  Object.values(cells).forEach((cell) => sink.budget.keep(cell));
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
  'traceabilityReportFiles',
  'vigilanceReportFiles',
]);

export async function readJson(text: AsyncIterable<string>, sink: RowSink): Promise<TextRead> {
  const ignored = new Set<string>();
  let count = 0;
  for await (const element of jsonArrayElements(text)) {
    count += 1;
    if (count > IMPORT_MAX_ROWS) {
      throw tooManyRows(IMPORT_MAX_ROWS);
    }
    let value: unknown;
    try {
      value = JSON.parse(element);
    } catch (error) {
      throw jsonUnreadable((error as Error).message);
    }
    sink.add(flattenGraft(value, count, sink, ignored));
  }
  return { format: 'json', ignoredColumns: [...ignored].filter((name) => !READ_ONLY_JSON_FIELDS.has(name)) };
}
