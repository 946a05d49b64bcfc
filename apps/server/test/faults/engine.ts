import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SQLite } from '../../src/db/sqlite-module';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';

/** The fault suite's storage: a fresh data folder, and on PostgreSQL (TEST_DATABASE_URL) a database of its own. */
export interface FaultStorage {
  engine: 'sqlite' | 'postgres';
  dataDir: string;
  env: Record<string, string>;
  /** The clinic names stored now, and (SQLite) whether the integrity check is clean. */
  inspect(): Promise<{ names: Set<string>; integrity: string }>;
  /** Rows of one read-only query, written for both engines (snake_case columns). */
  select<T>(query: string): Promise<T[]>;
  dispose(): Promise<void>;
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export async function createFaultStorage(dataDir = mkdtempSync(path.join(os.tmpdir(), 'graftmatch-fault-'))) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const file = path.join(dataDir, 'graftmatch.db');
    const storage: FaultStorage = {
      engine: 'sqlite',
      dataDir,
      env: { DATA_DIR: dataDir },
      async inspect() {
        const db = new SQLite(file, { readonly: true });
        try {
          const integrity = String(db.pragma('integrity_check', { simple: true }));
          const rows = db.prepare('select c_name from clinics').all() as { c_name: string }[];
          return { names: new Set(rows.map((row) => row.c_name)), integrity };
        } finally {
          db.close();
        }
      },
      async select<T>(query: string) {
        const db = new SQLite(file, { readonly: true });
        try {
          return db.prepare(query).all() as T[];
        } finally {
          db.close();
        }
      },
      async dispose() {
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
    return storage;
  }
  // A database of its own, not a schema: the servers it starts migrate as in production, and
  // Kysely's migrator reads every schema of its database, which other test files create and drop.
  const database = `gm_fault_${randomBytes(6).toString('hex')}`;
  await withClient(adminUrl, (client) => client.query(`create database ${database}`));
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  url.searchParams.delete('options');
  const storage: FaultStorage = {
    engine: 'postgres',
    dataDir,
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    async inspect() {
      return withClient(url.toString(), async (client) => {
        const { rows } = await client.query<{ c_name: string }>('select c_name from clinics');
        // Every table readable to the end is PostgreSQL's counterpart of a clean integrity check.
        const { rows: tables } = await client.query<{ name: string }>(
          'select table_name as name from information_schema.tables where table_schema = current_schema()',
        );
        for (const { name } of tables) {
          await client.query(`select count(*) from ${client.escapeIdentifier(name)}`);
        }
        return { names: new Set(rows.map((row) => row.c_name)), integrity: 'ok' };
      });
    },
    async select<T>(query: string) {
      return withClient(url.toString(), async (client) => (await client.query(query)).rows as T[]);
    },
    async dispose() {
      await withClient(adminUrl, (client) => client.query(`drop database if exists ${database} with (force)`));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return storage;
}

/** The enclosing suite's fault storage: made before its tests, disposed after them. */
export function suiteFaultStorage(): () => FaultStorage {
  let storage: FaultStorage | undefined;
  beforeAll(async () => {
    storage = await createFaultStorage();
  });
  afterAll(async () => {
    await storage?.dispose();
  });
  return () => {
    if (!storage) {
      throw new Error('the fault storage is made before the tests of its suite');
    }
    return storage;
  };
}
