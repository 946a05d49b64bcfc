import { closeSync, openSync, readSync } from 'node:fs';
import type SQLite from 'better-sqlite3';

/** The WAL-index header: two copies of 48 bytes at the start of the `-shm` file (sqlite.org/walformat.html). */
const HEADER_BYTES = 48;

/**
 * Tells without running a statement whether an SQLite database in WAL mode may have changed since
 * the last look (docs/performance.md, "Data versions on SQLite"). Every commit, of this connection
 * or of any other connection or process (a `graftmatch import` beside the server), rewrites the
 * WAL-index header in the database's `-shm` file: its change counter, frame count and checksums.
 * Reading those bytes is one `pread`; `PRAGMA data_version` took a read transaction with its lock
 * calls on every request. SQLite writes the header's second copy first, so two copies that differ
 * mean a commit in progress: no token then, nor inside a transaction of this connection, nor
 * outside WAL mode. Without a token the caller reads the database as it always may.
 */
export class SqliteChangeWatch {
  readonly #header = Buffer.alloc(2 * HEADER_BYTES);
  #descriptor: number | null = null;

  constructor(
    private readonly sqlite: Pick<SQLite.Database, 'inTransaction'>,
    /** The `-shm` file, or null outside WAL mode (an in-memory database, a file system without WAL). */
    private readonly walIndexFile: string | null,
  ) {}

  /** Equal tokens mean no commit in between; null when that cannot be told. */
  token(): string | null {
    if (this.sqlite.inTransaction || this.walIndexFile === null) {
      return null;
    }
    // Opened on first use: SQLite creates the file with the first read transaction in WAL mode.
    this.#descriptor ??= openIfPresent(this.walIndexFile);
    if (this.#descriptor === null) {
      return null;
    }
    const header = this.#header;
    const read = readSync(this.#descriptor, header, 0, header.length, 0);
    const settled =
      read === header.length && header.compare(header, 0, HEADER_BYTES, HEADER_BYTES, 2 * HEADER_BYTES) === 0;
    return settled ? header.toString('latin1', 0, HEADER_BYTES) : null;
  }

  close(): void {
    if (this.#descriptor !== null) {
      closeSync(this.#descriptor);
      this.#descriptor = null;
    }
  }
}

function openIfPresent(file: string): number | null {
  try {
    return openSync(file, 'r');
  } catch {
    return null;
  }
}
