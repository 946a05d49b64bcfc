import { errorCode } from './dialect';

// What a failed query means for the caller, on either engine (docs/operations.md, "Failures"):
// - input: the request carried a value the database cannot hold (a NUL byte, an impossible date);
//   the schemas should have refused it, and it is still the client's 400, never a 500;
// - unavailable: the database or its disk cannot serve now (restart, disk full, I/O error, lost
//   connection); the answer is 503 with Retry-After, and the log names the real cause.

export type DatabaseFailure = 'input' | 'unavailable';

/** PostgreSQL SQLSTATE classes: 22 data exception; 08 connection; 53 insufficient resources; 57P operator intervention. */
const PG_INPUT_CLASSES = ['22'];
const PG_UNAVAILABLE_CLASSES = ['08', '53', '57P', '58'];
const SQLITE_UNAVAILABLE = /^SQLITE_(FULL|IOERR|READONLY|CANTOPEN|BUSY|LOCKED|CORRUPT|NOTADB|PROTOCOL)/;
const SQLITE_INPUT = /^SQLITE_(TOOBIG|MISMATCH|RANGE)/;
const SYSTEM_UNAVAILABLE = new Set([
  'ENOSPC',
  'EIO',
  'EROFS',
  'EDQUOT',
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
]);
// pg and pg-pool raise these without a code when a connection drops or cannot be had in time.
const PG_CONNECTION_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|terminating connection/i;

export function databaseFailure(error: unknown): DatabaseFailure | undefined {
  const code = errorCode(error);
  if (code !== undefined) {
    if (SQLITE_UNAVAILABLE.test(code) || SYSTEM_UNAVAILABLE.has(code)) {
      return 'unavailable';
    }
    if (SQLITE_INPUT.test(code)) {
      return 'input';
    }
    if (/^[0-9A-Z]{5}$/.test(code)) {
      if (PG_UNAVAILABLE_CLASSES.some((prefix) => code.startsWith(prefix))) {
        return 'unavailable';
      }
      if (PG_INPUT_CLASSES.some((prefix) => code.startsWith(prefix))) {
        return 'input';
      }
    }
  }
  return error instanceof Error && PG_CONNECTION_MESSAGES.test(error.message) ? 'unavailable' : undefined;
}

/** `SQLITE_FULL: database or disk is full`: the driver's code and message, for the log line. */
export function describeDatabaseError(error: unknown): string {
  const code = errorCode(error);
  const message = error instanceof Error ? error.message : String(error);
  return code ? `${code}: ${message}` : message;
}

/**
 * SQLite's "database is locked": another process holds the write lock longer than a writer waits
 * (db/sqlite-driver.ts); the same work may succeed when tried again later.
 */
export function isDatabaseBusy(error: unknown): boolean {
  return /^SQLITE_BUSY/.test(errorCode(error) ?? '');
}
