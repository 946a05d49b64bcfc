import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDataVersionReader } from './data-versions';
import { createDatabase, type Database } from './database';
import { migrateToLatest } from './migrate';
import { SqliteChangeWatch } from './sqlite-changes';
import { SQLITE_DRIVER } from './sqlite-module';

const BETTER_SQLITE3 = createRequire(import.meta.url).resolve(SQLITE_DRIVER);

/** A commit from another process, as `graftmatch import` run beside the server makes. */
function bumpInAnotherProcess(file: string) {
  const script = `const SQLite = require(${JSON.stringify(BETTER_SQLITE3)});
const db = new SQLite(${JSON.stringify(file)});
db.prepare('update data_versions set waiting_list = waiting_list + 1 where id = 1').run();
db.close();`;
  execFileSync(process.execPath, ['-e', script]);
}

// On SQLite the data versions are read from the table only after a commit (db/sqlite-changes.ts).
// These tests run on an SQLite file of their own on either engine's run: the check exists only there.

describe('SQLite data versions follow every commit without a read per request', () => {
  let folder: string;
  let server: Database;
  let importer: Database;
  let file: string;

  beforeAll(async () => {
    folder = mkdtempSync(path.join(os.tmpdir(), 'graftmatch-changes-'));
    file = path.join(folder, 'graftmatch.db');
    server = createDatabase({ engine: 'sqlite', file });
    await migrateToLatest(server.db);
    // A second connection, as `graftmatch import` in its own process beside the server.
    importer = createDatabase({ engine: 'sqlite', file });
  });

  afterAll(async () => {
    await importer?.close();
    await server?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  const bumpWaitingList = (database: Database) =>
    database.db
      .updateTable('dataVersions')
      .set((eb) => ({ waitingList: eb('waitingList', '+', 1) }))
      .where('id', '=', 1)
      .execute();

  it('keeps the token while nothing is committed, and sees its own writes and other connections’ commits', async () => {
    const readVersions = createDataVersionReader(server);
    const first = await readVersions();
    const token = server.changeToken?.();
    expect(token).toEqual(expect.any(String));
    expect(server.changeToken?.()).toBe(token);
    expect(await readVersions()).toEqual(first);

    await bumpWaitingList(server);
    expect(server.changeToken?.()).not.toBe(token);
    const afterOwn = await readVersions();
    expect(afterOwn.waitingList).toBe(first.waitingList + 1);

    await bumpWaitingList(importer);
    expect((await readVersions()).waitingList).toBe(afterOwn.waitingList + 1);
  });

  it('sees a commit of another process', async () => {
    const readVersions = createDataVersionReader(server);
    const before = await readVersions();
    const token = server.changeToken?.();
    bumpInAnotherProcess(file);
    expect(server.changeToken?.()).not.toBe(token);
    expect((await readVersions()).waitingList).toBe(before.waitingList + 1);
  });

  it('has no token while the header is being rewritten, nor outside WAL mode', async () => {
    const idle = { inTransaction: false };
    const walIndex = path.join(folder, 'rewritten-shm');
    // SQLite writes the second copy of the header first: copies that differ are a commit under way.
    writeFileSync(walIndex, Buffer.concat([Buffer.alloc(48, 1), Buffer.alloc(48, 2)]));
    expect(new SqliteChangeWatch(idle, walIndex).token()).toBeNull();
    writeFileSync(walIndex, Buffer.alloc(96, 2));
    expect(new SqliteChangeWatch(idle, walIndex).token()).toEqual(expect.any(String));
    expect(new SqliteChangeWatch(idle, null).token()).toBeNull();

    const inMemory = createDatabase({ engine: 'sqlite', file: ':memory:' });
    expect(inMemory.changeToken?.()).toBeNull();
    await inMemory.close();
  });

  it('has no token inside a transaction, and reads then wait for it to end', async () => {
    const readVersions = createDataVersionReader(server);
    const before = await readVersions();
    let tokenInside: string | null | undefined;
    let readInside: Promise<{ waitingList: number }> | undefined;
    await server.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('dataVersions')
        .set((eb) => ({ waitingList: eb('waitingList', '+', 1) }))
        .where('id', '=', 1)
        .execute();
      tokenInside = server.changeToken?.();
      readInside = readVersions();
    });
    expect(tokenInside).toBeNull();
    // The read started inside waited for the commit, and never saw a version that could be rolled back.
    expect((await readInside)?.waitingList).toBe(before.waitingList + 1);
  });
});
