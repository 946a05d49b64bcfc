import { badRequest } from '../../http/problem';

// What one import may cost the server while its file is read (docs/import.md "Limits"). Every
// file is read as a stream; these bound what a hostile file can make the reader hold or unpack.

const MIB = 1024 * 1024;

export const IMPORT_LIMITS = {
  /** The parts of an xlsx read together may unpack to at most this (a zip bomb is refused). */
  unpackedBytes: 512 * MIB,
  /** The shared-string table of a workbook: its unpacked size and its number of strings. */
  sharedStringBytes: 64 * MIB,
  sharedStrings: 2_000_000,
  /** The workbook, its relations and styles: small parts, each at most this unpacked. */
  metadataPartBytes: 16 * MIB,
  /** Entries in an xlsx zip. */
  zipEntries: 10_000,
  /** Characters between two tags of a workbook part, and of one CSV record or JSON graft. */
  runChars: 1 * MIB,
  /** Cells of all rows read together: 200,000 rows of every import column are 9.2 million. */
  cells: 10_000_000,
  /** The estimated memory the rows and shared strings kept while reading may take. */
  memoryBytes: 192 * MIB,
} as const;

const inMib = (bytes: number) => `${Math.round(bytes / MIB)} MiB`;

/** Counts what a file makes the reader keep; refuses the file as soon as it passes a limit. */
export class ReadBudget {
  private bytes = 0;
  private cells = 0;

  constructor(private readonly limits: typeof IMPORT_LIMITS = IMPORT_LIMITS) {}

  /** A kept value: a string costs its characters twice (UTF-16) plus a header, anything else a slot. */
  keep(value: unknown): void {
    this.charge(typeof value === 'string' ? 32 + value.length * 2 : 16);
  }

  /** Reasons kept for a checked row (each an object with its field and message). */
  reasons(count: number): void {
    this.charge(count * 64);
  }

  /** One row with `cells` cells read (kept or not). */
  row(cells: number): void {
    this.cells += cells;
    if (this.cells > this.limits.cells) {
      throw badRequest({ key: 'problem.imports.tooManyCells', params: { max: this.limits.cells } });
    }
    this.charge(64);
  }

  private charge(bytes: number): void {
    this.bytes += bytes;
    if (this.bytes > this.limits.memoryBytes) {
      throw badRequest({ key: 'problem.imports.tooMuchMemory', params: { size: inMib(this.limits.memoryBytes) } });
    }
  }
}

export function tooManyRows(max: number) {
  return badRequest({ key: 'problem.tooManyRows', params: { max } });
}

export function unpacksTooLarge(part: string, limit: number) {
  return badRequest({ key: 'problem.imports.zipBomb', params: { size: inMib(limit), part } });
}
