import { rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type BetterSqlite3 from 'better-sqlite3';
import { SQLite } from './sqlite-module';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { createDatabase, type Database } from './database';
import { databaseFailure } from './errors';

// Writers on SQLite (docs/operations.md "Writers on SQLite"): the server and `graftmatch import`
// write one file from two processes. Here the other process is a second connection to the file
// that holds the write lock, as an import's transaction does, and lets go on a timer.

let file: string;
let database: Database;
let other: BetterSqlite3.Database;

async function count(): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*) as n from notes`.execute(database.db);
  return rows[0]?.n ?? -1;
}

/** The other process takes the write lock, adds a note, and commits after `ms`. */
function otherWritesFor(ms: number): Promise<void> {
  other.exec("begin immediate; insert into notes (text) values ('from the other process')");
  return sleep(ms).then(() => void other.exec('commit'));
}

beforeEach(() => {
  file = path.join(os.tmpdir(), `graftmatch-writers-${process.pid}-${Date.now()}.sqlite`);
  database = createDatabase({ engine: 'sqlite', file, writeWaitMs: 5000 });
  other = new SQLite(file);
  other.exec('create table notes (id integer primary key, text text not null)');
});

afterEach(async () => {
  other.close();
  await database.close();
  for (const suffix of ['', '-wal', '-shm']) {
    rmSync(`${file}${suffix}`, { force: true });
  }
});

describe('SQLite writers wait their turn', () => {
  test('a transaction that reads, then writes, waits for the other process and then sees its commit', async () => {
    const released = otherWritesFor(300);
    const ticks: number[] = [];
    const ticking = setInterval(() => ticks.push(Date.now()), 20);
    const seen = await database.db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ n: number }>`select count(*) as n from notes`.execute(trx);
      await sql`insert into notes (text) values ('from the server')`.execute(trx);
      return rows[0]?.n;
    });
    clearInterval(ticking);
    await released;
    // It began only once the other had committed, so its read counted the other's note.
    expect(seen).toBe(1);
    expect(await count()).toBe(2);
    // Meanwhile the event loop went on: the wait is on a timer, not inside SQLite.
    expect(ticks.length).toBeGreaterThanOrEqual(5);
  });

  test('reads go on while a writer waits, and a read-only transaction takes no write lock', async () => {
    const released = otherWritesFor(400);
    const writing = database.db
      .transaction()
      .execute((trx) => sql`insert into notes (text) values ('from the server')`.execute(trx));
    const readOnly = await database.db
      .transaction()
      .setAccessMode('read only')
      .execute(async (trx) => (await sql<{ n: number }>`select count(*) as n from notes`.execute(trx)).rows[0]?.n);
    expect(readOnly).toBe(0);
    expect(await count()).toBe(0);
    await Promise.all([writing, released]);
    expect(await count()).toBe(2);
  });

  test('a write outside a transaction waits its turn as well', async () => {
    const released = otherWritesFor(300);
    await sql`insert into notes (text) values ('from the server')`.execute(database.db);
    await released;
    expect(await count()).toBe(2);
  });

  test('a writer held up longer than it waits is refused as busy, which the API answers with 503', async () => {
    await database.close();
    database = createDatabase({ engine: 'sqlite', file, writeWaitMs: 200 });
    const released = otherWritesFor(1000);
    let otherStillWriting = false;
    const refusal = await database.db
      .transaction()
      .execute((trx) => sql`insert into notes (text) values ('from the server')`.execute(trx))
      .then(
        () => undefined,
        (error: unknown) => {
          otherStillWriting = other.inTransaction;
          return error;
        },
      );
    // Refused after its own wait, not after the other's commit.
    expect(otherStillWriting).toBe(true);
    expect((refusal as { code?: string } | undefined)?.code).toBe('SQLITE_BUSY');
    expect(databaseFailure(refusal)).toBe('unavailable');
    await released;
    // Once the other is done, the same write goes through.
    await sql`insert into notes (text) values ('from the server')`.execute(database.db);
    expect(await count()).toBe(2);
  });
});
