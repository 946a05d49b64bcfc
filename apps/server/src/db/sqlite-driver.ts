import { setTimeout as sleep } from 'node:timers/promises';
import type SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  SelectQueryNode,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';

// Kysely's SQLite driver, changed where several processes write one file (docs/operations.md
// "Writers on SQLite"): a write transaction begins IMMEDIATE, so it takes the write lock before it
// reads and never meets a commit of another process between its read and its write (a deferred one
// then fails at once with SQLITE_BUSY, without waiting). A writer whose lock another process holds
// waits its turn off the event loop: SQLite's own busy handler would sleep inside the call and stall
// every request of the server, so the driver tries again on a timer, and lets reads use the one
// connection meanwhile.

/** How long a writer waits for another process's write (an import's transaction) by default (SQLITE_WRITE_WAIT_SECONDS). */
export const WRITE_TURN_WAIT_MS = 30_000;
/** The busy timeout of statements that still wait inside SQLite (reads, which WAL rarely blocks). */
export const BUSY_TIMEOUT_MS = 5000;
// Tries for the write lock: short waits first, then every 5 ms (a failed try costs microseconds).
const RETRY_DELAYS_MS = [1, 2, 5];
// better-sqlite3's own error, straight from the statement (db/errors.ts reads codes of any engine).
const isBusy = (error: unknown) => /^SQLITE_BUSY/.test(String((error as { code?: unknown }).code ?? ''));
/** After this long of one process's writes back to back, it leaves the lock free for `GAP_MS`. */
const BURST_MS = 200;
const GAP_MS = 20;

/** A lock for this process's callers, handed on in the order they asked. */
class Mutex {
  private held: Promise<void> | null = null;
  private release: (() => void) | null = null;

  async lock(): Promise<void> {
    while (this.held) {
      await this.held;
    }
    this.held = new Promise((resolve) => (this.release = resolve));
  }

  tryLock(): boolean {
    if (this.held) {
      return false;
    }
    this.held = new Promise((resolve) => (this.release = resolve));
    return true;
  }

  unlock(): void {
    const release = this.release;
    this.held = null;
    this.release = null;
    release?.();
  }
}

/**
 * Kysely prepares every statement anew; an import's batches repeat the same INSERT text hundreds
 * of times. INSERTs are kept prepared (at most `max` texts): they only ever run to the end, while
 * a SELECT may be iterated by a stream, and a statement being iterated cannot run again.
 */
function statementCache(sqlite: SQLite.Database, max = 64) {
  const kept = new Map<string, SQLite.Statement>();
  return (text: string): SQLite.Statement => {
    if (!text.startsWith('insert')) {
      return sqlite.prepare(text);
    }
    let statement = kept.get(text);
    if (!statement) {
      statement = sqlite.prepare(text);
      kept.set(text, statement);
      if (kept.size > max) {
        kept.delete(kept.keys().next().value as string);
      }
    }
    return statement;
  };
}

/**
 * The one connection and its mutex (as Kysely's driver has), and this process's turn to write:
 * one writer at a time asks SQLite for the write lock without its blocking wait, and while another
 * process holds it tries again on a timer, the connection free for reads meanwhile, for at most
 * `waitMs`. SQLite queues no one: a process whose writers follow each other back to back would
 * never leave the lock free for another's try, so after `BURST_MS` of them it pauses `GAP_MS`.
 */
class Turns {
  private readonly connection = new Mutex();
  private readonly writing = new Mutex();
  private writerOpen = false;
  private burstSince = Number.NEGATIVE_INFINITY;
  private lastWriteEnd = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly sqlite: SQLite.Database,
    private readonly waitMs: number,
  ) {
    this.busyTimeout(BUSY_TIMEOUT_MS);
  }

  lock = () => this.connection.lock();
  unlock = () => this.connection.unlock();

  /**
   * By the holder of the connection: runs `attempt` (BEGIN IMMEDIATE, or a write of its own) once
   * this process's earlier writers are done and the write lock is to be had; `endWrite` follows.
   */
  async beginWrite<T>(attempt: () => T): Promise<T> {
    if (!this.writing.tryLock()) {
      await this.without(() => this.writing.lock());
    }
    try {
      await this.leaveGap();
      const result = await this.poll(attempt);
      const now = performance.now();
      if (now - this.lastWriteEnd > GAP_MS) {
        this.burstSince = now;
      }
      this.writerOpen = true;
      return result;
    } catch (error) {
      this.writing.unlock();
      throw error;
    }
  }

  /** The write (its transaction) has ended: the next writer of this process may begin. */
  endWrite(): void {
    if (this.writerOpen) {
      this.writerOpen = false;
      this.lastWriteEnd = performance.now();
      this.writing.unlock();
    }
  }

  private async leaveGap(): Promise<void> {
    const sinceEnd = performance.now() - this.lastWriteEnd;
    if (performance.now() - this.burstSince >= BURST_MS && sinceEnd < GAP_MS) {
      await this.without(() => sleep(GAP_MS - sinceEnd));
    }
  }

  private async poll<T>(attempt: () => T): Promise<T> {
    const deadline = performance.now() + this.waitMs;
    for (let round = 0; ; round += 1) {
      this.busyTimeout(0);
      try {
        return attempt();
      } catch (error) {
        if (!isBusy(error) || performance.now() >= deadline) {
          throw error;
        }
      } finally {
        this.busyTimeout(BUSY_TIMEOUT_MS);
      }
      await this.without(() => sleep(RETRY_DELAYS_MS[Math.min(round, RETRY_DELAYS_MS.length - 1)]));
    }
  }

  /** Waits with the connection given back, so reads go on meanwhile. */
  private async without(wait: () => Promise<unknown>): Promise<void> {
    this.connection.unlock();
    try {
      await wait();
    } finally {
      await this.connection.lock();
    }
  }

  // A busy_timeout pragma acts when it is prepared, so it cannot be kept prepared and run again.
  private busyTimeout(ms: number) {
    this.sqlite.pragma(`busy_timeout = ${ms}`);
  }
}

class SqliteConnection implements DatabaseConnection {
  constructor(
    private readonly sqlite: SQLite.Database,
    private readonly turns: Turns,
    private readonly prepare: (text: string) => SQLite.Statement,
  ) {}

  async executeQuery<R>({ sql, parameters }: CompiledQuery): Promise<QueryResult<R>> {
    const statement = this.prepare(sql);
    if (statement.reader) {
      return { rows: statement.all(parameters) as R[] };
    }
    const run = () => statement.run(parameters);
    if (this.sqlite.inTransaction) {
      return this.result(run());
    }
    // A write outside a transaction is a transaction of its own: it too waits its turn.
    const written = await this.turns.beginWrite(run);
    this.turns.endWrite();
    return this.result(written);
  }

  private result<R>({ changes, lastInsertRowid }: SQLite.RunResult): QueryResult<R> {
    return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
  }

  async *streamQuery<R>({ sql, parameters, query }: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    if (!SelectQueryNode.is(query)) {
      throw new Error('Sqlite driver only supports streaming of select queries');
    }
    for (const row of this.prepare(sql).iterate(parameters)) {
      yield { rows: [row as R] };
    }
  }
}

/** Kysely's SQLite driver (one connection behind a mutex), with write transactions that wait their turn. */
export class SqliteWriterDriver implements Driver {
  private readonly turns: Turns;
  private readonly connection: SqliteConnection;
  private readonly begin: SQLite.Statement;
  private readonly beginDeferred: SQLite.Statement;

  constructor(
    private readonly sqlite: SQLite.Database,
    writeWaitMs = WRITE_TURN_WAIT_MS,
  ) {
    this.turns = new Turns(sqlite, writeWaitMs);
    this.connection = new SqliteConnection(sqlite, this.turns, statementCache(sqlite));
    this.begin = sqlite.prepare('begin immediate');
    this.beginDeferred = sqlite.prepare('begin');
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.turns.lock();
    return this.connection;
  }

  async releaseConnection(): Promise<void> {
    this.turns.unlock();
  }

  /** A read-only transaction (`setAccessMode('read only')`) stays deferred: it takes no write lock. */
  async beginTransaction(_connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    if (settings.accessMode === 'read only') {
      this.beginDeferred.run();
      return;
    }
    await this.turns.beginWrite(() => this.begin.run());
  }
  /**
   * SQLite rolls a transaction back by itself when a statement fails with SQLITE_FULL or an I/O
   * error; Kysely's ROLLBACK then fails with "no transaction is active" and hides the real cause.
   * Rolling back only what is still open keeps the first error the one that is reported.
   */
  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    try {
      if (this.sqlite.inTransaction) {
        await connection.executeQuery(CompiledQuery.raw('rollback'));
      }
    } finally {
      this.turns.endWrite();
    }
  }

  /** A failed COMMIT leaves the transaction open; Kysely then rolls it back, which ends the write. */
  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
    this.turns.endWrite();
  }

  async destroy(): Promise<void> {
    this.sqlite.close();
  }
}
