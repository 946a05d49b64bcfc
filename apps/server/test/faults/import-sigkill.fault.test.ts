import { createHash } from 'node:crypto';
import { statSync } from 'node:fs';
import path from 'node:path';
import { SQLite } from '../../src/db/sqlite-module';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngineName } from '../support/database';
import { csvFile, graftCells } from '../support/imports';
import { createFaultStorage, type FaultStorage } from './engine';
import { loginAdmin, sleep, startFaultServer, type FaultServer } from './fault-server';

// A large import killed with SIGKILL while its one transaction writes (docs/import.md "Rules"):
// afterwards every table is exactly as before it, on both engines.

const ROWS = 30_000;

/** A hash of every row of every table, by table. */
async function snapshot(storage: FaultStorage): Promise<Record<string, string>> {
  const digest = (rows: unknown[]) =>
    `${rows.length}:${createHash('sha256').update(JSON.stringify(rows)).digest('hex')}`;
  if (storage.engine === 'sqlite') {
    const db = new SQLite(path.join(storage.dataDir, 'graftmatch.db'), { readonly: true });
    try {
      const tables = db.prepare("select name from sqlite_master where type = 'table' order by name").all() as {
        name: string;
      }[];
      return Object.fromEntries(
        tables.map(({ name }) => [name, digest(db.prepare(`select * from "${name}" order by rowid`).all())]),
      );
    } finally {
      db.close();
    }
  }
  const client = new pg.Client({ connectionString: storage.env.DATABASE_URL });
  await client.connect();
  try {
    const { rows: tables } = await client.query<{ name: string }>(
      "select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE' order by 1",
    );
    const result: Record<string, string> = {};
    for (const { name } of tables) {
      const { rows } = await client.query(`select * from ${client.escapeIdentifier(name)} order by 1`);
      result[name] = digest(rows);
    }
    return result;
  } finally {
    await client.end();
  }
}

/**
 * Resolves once the import's transaction is writing: on PostgreSQL a statement of the server's
 * inserts into grafts is running; on SQLite the write-ahead log grows past what commits so far
 * left in it (a transaction this large spills its pages there before its commit).
 */
async function transactionIsWriting(storage: FaultStorage, answered: () => boolean): Promise<void> {
  const deadline = Date.now() + 120_000;
  const wal = path.join(storage.dataDir, 'graftmatch.db-wal');
  const walSize = () => {
    try {
      return statSync(wal).size;
    } catch {
      return 0;
    }
  };
  const baseline = walSize();
  const client = storage.engine === 'postgres' ? new pg.Client({ connectionString: storage.env.DATABASE_URL }) : null;
  await client?.connect();
  try {
    while (Date.now() < deadline && !answered()) {
      if (client) {
        const { rows } = await client.query(
          `select 1 from pg_stat_activity where pid <> pg_backend_pid() and xact_start is not null
             and query ilike 'insert into "%'`,
        );
        if (rows.length > 0) {
          return;
        }
      } else if (walSize() > baseline + 2 * 1024 * 1024) {
        return;
      }
      await sleep(5);
    }
    throw new Error(answered() ? 'the import answered before it was seen writing' : 'the import never started writing');
  } finally {
    await client?.end();
  }
}

describe(`fault: SIGKILL in the middle of a large import (${testEngineName()})`, () => {
  let storage: FaultStorage;
  let server: FaultServer | undefined;
  beforeAll(async () => {
    storage = await createFaultStorage();
  });
  afterAll(async () => {
    await server?.kill('SIGKILL');
    await storage?.dispose();
  });

  it('leaves every table exactly as it was before the import', { timeout: 300_000 }, async () => {
    server = await startFaultServer(storage.env);
    const admin = await loginAdmin(server.baseUrl, storage.dataDir);
    const rows = Array.from({ length: ROWS }, (_, index) =>
      graftCells(`KILL-${String(index).padStart(6, '0')}`, { t_Dproximal: 10 + (index % 40) }),
    );
    const form = new FormData();
    form.append('file', new Blob([csvFile(rows)]), 'large.csv');
    const { 'content-type': _json, ...headers } = admin.headers;
    const before = await snapshot(storage);

    let answered = false;
    const upload = fetch(`${server.baseUrl}/api/import/grafts?bank=DE000123`, { method: 'POST', headers, body: form })
      .then(async (answer) => `answered ${answer.status}: ${(await answer.text()).slice(0, 200)}`)
      .catch((error: Error) => `refused: ${error.message}`)
      .finally(() => (answered = true));
    await transactionIsWriting(storage, () => answered);
    await server.kill('SIGKILL');

    expect(await upload).toMatch(/^refused/);
    expect(await snapshot(storage)).toEqual(before);
    const { integrity } = await storage.inspect();
    expect(integrity).toBe('ok');
  });
});
