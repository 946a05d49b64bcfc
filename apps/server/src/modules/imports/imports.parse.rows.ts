import type { ImportCell, ImportFieldError } from '@graftmatch/domain';
import { badRequest } from '../../http/problem';
import type { ReadBudget } from './imports.limits';

// What the format readers share (docs/import.md): the row shape, the sink rows go to, the header check.

export type ImportFormat = 'csv' | 'json' | 'xlsx' | 'fhir';

/** The file to import: spooled to disk (an upload, the command line) or, when small, in memory. */
export type ImportSource = Buffer | { path: string };

/** One data row: its number as the user sees it in the file, its cells, and reasons found while reading. */
export interface SourceRow {
  row: number;
  cells: Record<string, ImportCell>;
  errors: ImportFieldError[];
  /** The graft's id the file names (a FHIR product's logical id): a new graft keeps it when no graft has it. */
  id?: string;
}

export interface ParsedFile<T = SourceRow> {
  format: ImportFormat;
  /** Column names the file has that the importer does not read. */
  ignoredColumns: string[];
  /** Parts of the file passed over whole, e.g. a Bundle's entries that are not products ("2 Organization"). */
  skipped?: string[];
  rows: T[];
}

/** What a format reader gets: the columns it keeps, where each row goes, and what reading may cost. */
export interface RowSink {
  known: ReadonlySet<string>;
  budget: ReadBudget;
  /** Takes one row; only the importer's own columns are kept in its cells. */
  add(row: SourceRow): void;
}

/** `head` and then the rest of `iterator`; ending early closes the iterator (and its file). */
export async function* prepend<T>(head: readonly T[], iterator: AsyncIterator<T>): AsyncGenerator<T> {
  yield* head;
  yield* { [Symbol.asyncIterator]: () => iterator };
}

export function checkHeader(header: string[], known: ReadonlySet<string>): string[] {
  if (!header.includes('e_Lot')) {
    throw badRequest({ key: 'problem.noLotColumn' });
  }
  const seen = new Set<string>();
  for (const name of header) {
    if (seen.has(name) && name !== '') {
      throw badRequest({ key: 'problem.columnTwice', params: { name } });
    }
    seen.add(name);
  }
  return header.filter((name) => name !== '' && !known.has(name));
}

/** A row's cells of the importer's own columns, charged to the file's memory budget. */
export function keptCells(
  header: readonly string[],
  sink: RowSink,
  valueAt: (column: number) => ImportCell,
): Record<string, ImportCell> {
  const cells: Record<string, ImportCell> = {};
  header.forEach((name, column) => {
    if (sink.known.has(name)) {
      const value = valueAt(column);
      sink.budget.keep(value);
      cells[name] = value;
    }
  });
  return cells;
}
