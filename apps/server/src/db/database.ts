import SQLite from 'better-sqlite3';
import { CamelCasePlugin, Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { DB } from './types';

export type DatabaseEngine = 'sqlite' | 'postgres';

export type DatabaseTarget = { engine: 'sqlite'; file: string } | { engine: 'postgres'; url: string; schema?: string };

export interface Database {
  db: Kysely<DB>;
  engine: DatabaseEngine;
  /** Throws when the database cannot answer a trivial query. */
  ping(): Promise<void>;
  /** Online copy of an embedded database to `file`; PostgreSQL is backed up with its own tools. */
  backup(file: string): Promise<void>;
  close(): Promise<void>;
  /** PostgreSQL only: a new client outside the pool, for a connection held open (LISTEN for push). */
  openDedicatedClient?: () => pg.Client;
}

// PostgreSQL answers DATE columns as JS Dates by default; we keep them as 'yyyy-mm-dd' text like SQLite does.
const PG_DATE_OID = 1082;
pg.types.setTypeParser(PG_DATE_OID, (value: string) => value);
// BIGINT (count(*)) as number: our counts stay far below 2^53.
pg.types.setTypeParser(20, (value: string) => Number(value));

// SQL is snake_case, TypeScript camelCase. The options map `tProdName2` to `t_prod_name_2` and
// `queryLLMin` to `query_l_l_min`; a migration test checks every column survives the round trip.
function plugins() {
  return [new CamelCasePlugin({ underscoreBeforeDigits: true, underscoreBetweenUppercaseLetters: true })];
}

export function createDatabase(target: DatabaseTarget): Database {
  if (target.engine === 'sqlite') {
    const sqlite = new SQLite(target.file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    sqlite.pragma('synchronous = NORMAL');
    const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: sqlite }), plugins: plugins() });
    return {
      db,
      engine: 'sqlite',
      async ping() {
        sqlite.prepare('select 1').get();
      },
      async backup(file: string) {
        await sqlite.backup(file);
      },
      async close() {
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
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }), plugins: plugins() });
  return {
    db,
    engine: 'postgres',
    async ping() {
      const client = await pool.connect();
      try {
        await client.query('select 1');
      } finally {
        client.release();
      }
    },
    openDedicatedClient: () => new pg.Client({ connectionString: target.url, connectionTimeoutMillis: 5000 }),
    async backup() {
      throw new Error('graftmatch backup copies the embedded SQLite database only; back up PostgreSQL with pg_dump.');
    },
    async close() {
      await db.destroy();
    },
  };
}
