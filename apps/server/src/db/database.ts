import { renameSync, rmSync } from 'node:fs';
import type BetterSqlite3 from 'better-sqlite3';
import { SQLite } from './sqlite-module';
import { CamelCasePlugin, Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import bundledPg from 'pg';
import { SqliteChangeWatch } from './sqlite-changes';
import { SqliteWriterDriver } from './sqlite-driver';
import { tracedPg } from '../telemetry/handoff';
import type { DB } from './types';

export type DatabaseEngine = 'sqlite' | 'postgres';

export type DatabaseTarget =
  /** `writeWaitMs`: how long a writer waits for another process's write (db/sqlite-driver.ts). */
  { engine: 'sqlite'; file: string; writeWaitMs?: number } | { engine: 'postgres'; url: string; schema?: string };

export interface Database {
  db: Kysely<DB>;
  engine: DatabaseEngine;
  /** Throws when the database cannot answer a trivial query. */
  ping(): Promise<void>;
  /** Online copy of an embedded database to `file`; PostgreSQL is backed up with its own tools. */
  backup(file: string): Promise<void>;
  /** SQLite only: the database file, whose identity the server watches (docs/operations.md). */
  file?: string;
  close(): Promise<void>;
  /**
   * Runs a statement compiled once (db/prepared.ts): SQLite keeps the prepared statement, PostgreSQL
   * names it so each pooled connection prepares it once. Rows come back with the SQL column names.
   */
  runPrepared(sql: string, parameters: readonly unknown[]): Promise<Record<string, unknown>[]>;
  /**
   * SQLite only: a token that stays the same while nothing was committed (db/sqlite-changes.ts),
   * or null when it cannot tell (inside a transaction).
   */
  changeToken?: () => string | null;
  /** PostgreSQL only: a new client outside the pool, for a connection held open (LISTEN for push). */
  openDedicatedClient?: () => bundledPg.Client;
  /** PostgreSQL only: the pool's connections now, for `/metrics`. */
  poolStats?: () => PoolStats;
}

/** The PostgreSQL pool's connections: open, of those idle, and queries waiting for one. */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

// With tracing on, the copy the tracing preload instruments (docs/operations.md "Metrics and traces").
const pg = tracedPg<typeof bundledPg>() ?? bundledPg;

// PostgreSQL answers DATE columns as JS Dates by default; we keep them as 'yyyy-mm-dd' text like SQLite does.
const PG_DATE_OID = 1082;
pg.types.setTypeParser(PG_DATE_OID, (value: string) => value);
// BIGINT (count(*)) as number: our counts stay far below 2^53.
pg.types.setTypeParser(20, (value: string) => Number(value));

// SQL is snake_case, TypeScript camelCase. The options map `tProdName2` to `t_prod_name_2` and
// `queryLLMin` to `query_l_l_min`; a migration test checks every column survives the round trip.
export const CAMEL_CASE_OPTIONS = { underscoreBeforeDigits: true, underscoreBetweenUppercaseLetters: true };

function plugins() {
  return [new CamelCasePlugin(CAMEL_CASE_OPTIONS)];
}

/**
 * Statement texts Kysely runs that PostgreSQL should keep prepared per connection: the bulk inserts
 * (db/insert-rows.ts), whose parsing costs more than their other work.
 */
const keptTexts = new Set<string>();
export function keepPrepared(text: string): void {
  keptTexts.add(text);
}

/** A short stable name per statement text, for PostgreSQL's named prepared statements. */
const statementNames = new Map<string, string>();
function statementName(text: string): string {
  let name = statementNames.get(text);
  if (!name) {
    name = `graftmatch_${statementNames.size + 1}`;
    statementNames.set(text, name);
  }
  return name;
}

/** Kysely's SQLite dialect on our driver: write transactions wait their turn (db/sqlite-driver.ts). */
class SqliteWriterDialect extends SqliteDialect {
  constructor(
    private readonly sqlite: BetterSqlite3.Database,
    private readonly writeWaitMs: number | undefined,
  ) {
    super({ database: sqlite });
  }

  override createDriver() {
    return new SqliteWriterDriver(this.sqlite, this.writeWaitMs);
  }
}

/** How a lost PostgreSQL connection is reported; the pool opens a new one on the next query. */
export type ConnectionLossReporter = (error: Error) => void;

const reportToStderr: ConnectionLossReporter = (error) =>
  console.error(`graftmatch: a PostgreSQL connection was lost (${error.message}); reconnecting on the next query`);

export function createDatabase(target: DatabaseTarget, onConnectionLost = reportToStderr): Database {
  if (target.engine === 'sqlite') {
    const sqlite = new SQLite(target.file);
    const walMode = sqlite.pragma('journal_mode = WAL', { simple: true }) === 'wal';
    sqlite.pragma('foreign_keys = ON');
    // Clinical records: a commit that was answered must survive a power failure (docs/decisions.md).
    sqlite.pragma('synchronous = FULL');
    const changes = new SqliteChangeWatch(sqlite, walMode ? `${target.file}-shm` : null);
    const db = new Kysely<DB>({ dialect: new SqliteWriterDialect(sqlite, target.writeWaitMs), plugins: plugins() });
    const statements = new Map<string, BetterSqlite3.Statement>();
    return {
      db,
      engine: 'sqlite',
      file: target.file,
      changeToken: () => changes.token(),
      runPrepared(text, parameters) {
        let statement = statements.get(text);
        if (!statement) {
          statement = sqlite.prepare(text);
          statements.set(text, statement);
        }
        const prepared = statement;
        const run = async () => prepared.all(...parameters) as Record<string, unknown>[];
        // A Kysely transaction holds this one connection across awaits: while one is open, the read
        // waits for Kysely's connection, so it never sees inside it (from the executor itself, since a
        // connection builder makes a new Kysely each time). Otherwise it runs at once, in the same
        // turn as the change token taken before it (docs/performance.md, "Data versions on SQLite").
        return sqlite.inTransaction ? db.getExecutor().provideConnection(run) : run();
      },
      async ping() {
        sqlite.prepare('select 1').get();
      },
      async backup(file: string) {
        // VACUUM INTO copies one read transaction's snapshot, so writes during the copy never mix
        // in; the copy lands by rename, so a failed backup never leaves half a file under its name.
        const partial = `${file}.partial`;
        rmSync(partial, { force: true });
        sqlite.prepare('vacuum into ?').run(partial);
        renameSync(partial, file);
      },
      async close() {
        changes.close();
        await db.destroy();
      },
    };
  }
  const pool = new pg.Pool({
    connectionString: target.url,
    max: 10,
    connectionTimeoutMillis: 5000,
    ...(target.schema ? { options: `-c search_path=${target.schema}` } : {}),
  });
  // A restarted or unreachable server errors its idle and checked-out connections; unhandled, that
  // ends the process. Reported and dropped instead, the pool connects anew when the next query asks.
  pool.on('error', onConnectionLost);
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
    // Kysely passes text and values; a kept text goes as a named statement (keepPrepared).
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    client.query = ((...args: unknown[]) => {
      const [text, values] = args;
      return typeof text === 'string' && keptTexts.has(text) && Array.isArray(values) && args.length === 2
        ? query({ name: statementName(text), text, values })
        : query(...args);
    }) as typeof client.query;
  });
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }), plugins: plugins() });
  return {
    db,
    engine: 'postgres',
    async runPrepared(text, parameters) {
      const result = await pool.query({ name: statementName(text), text, values: [...parameters] });
      return result.rows as Record<string, unknown>[];
    },
    async ping() {
      const client = await pool.connect();
      try {
        await client.query('select 1');
      } finally {
        client.release();
      }
    },
    openDedicatedClient: () => new pg.Client({ connectionString: target.url, connectionTimeoutMillis: 5000 }),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    async backup() {
      throw new Error('graftmatch backup copies the embedded SQLite database only; back up PostgreSQL with pg_dump.');
    },
    async close() {
      await db.destroy();
    },
  };
}
