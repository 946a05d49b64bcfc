import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, testEngineName, type TestDatabase } from '../../../test/support/database';
import { seedDemo } from '../../demo/seed-demo';
import { StartupError } from '../../startup/startup';
import { createLocalDiskStorage } from '../../storage/local-disk';
import { readFolderMarker, writeFolderMarker } from '../../storage/folder-marker';
import { claimFilesFolder } from './files-folder';
import { recordedMarker } from './files-folder.repository';

// The files folder's marker (docs/operations.md, "Files folder"): written and recorded at the first
// start, adopted by a folder that holds the rows' files, refused (PostgreSQL) or reported (SQLite)
// for an empty folder while rows name files and for another database's folder.

describe(`the files folder's marker (${testEngineName()})`, () => {
  let test: TestDatabase;
  let parent: string;
  const folder = (name: string) => path.join(parent, name);
  const claim = (root: string) => claimFilesFolder(test.database, createLocalDiskStorage(root), root);

  beforeEach(async () => {
    test = await createTestDatabase();
    parent = mkdtempSync(path.join(os.tmpdir(), 'graftmatch-folders-'));
  });
  afterEach(async () => {
    await test.cleanup();
    rmSync(parent, { recursive: true, force: true });
  });

  /** One file row (on a demo graft) naming `storageKey`. */
  async function addFileRow(storageKey: string): Promise<void> {
    const db = test.database.db;
    await seedDemo(db);
    const graft = await db.selectFrom('grafts').select('id').limit(1).executeTakeFirstOrThrow();
    await db
      .insertInto('graftFiles')
      .values({
        id: randomUUID(),
        graftId: graft.id,
        kind: 'releaseStatements',
        name: 'release.pdf',
        size: 3,
        contentType: 'application/pdf',
        storageKey,
        createdAt: new Date().toISOString(),
      })
      .execute();
  }

  it('writes and records one id at the first start, and agrees with itself afterwards', async () => {
    expect(await claim(folder('a'))).toBeNull();
    const marker = readFolderMarker(folder('a'));
    expect(marker).toMatch(/^[0-9a-f-]{36}$/);
    expect(await recordedMarker(test.database.db)).toBe(marker);
    expect(await claim(folder('a'))).toBeNull();
    // No row names a file yet: an empty second folder is given the same marker.
    expect(await claim(folder('b'))).toBeNull();
    expect(readFolderMarker(folder('b'))).toBe(marker);
  });

  it("refuses another database's folder on PostgreSQL and reports it on SQLite", async () => {
    expect(await claim(folder('a'))).toBeNull();
    writeFolderMarker(folder('other'), 'another-database');
    const answer = claim(folder('other'));
    if (test.database.engine === 'postgres') {
      await expect(answer).rejects.toBeInstanceOf(StartupError);
      await expect(answer).rejects.toThrow(/belongs to another database/);
    } else {
      expect(await answer).toMatch(/belongs to another database/);
    }
  });

  it("adopts a folder without a marker that holds the rows' files, and refuses (PostgreSQL) or reports (SQLite) an empty one", async () => {
    await addFileRow('releaseStatements/one');
    expect(await claim(folder('a'))).toBeNull();
    const marker = readFolderMarker(folder('a'));
    mkdirSync(folder('copied/releaseStatements'), { recursive: true });
    writeFileSync(folder('copied/releaseStatements/one'), 'pdf');
    expect(await claim(folder('copied'))).toBeNull();
    expect(readFolderMarker(folder('copied'))).toBe(marker);

    const answer = claim(folder('empty'));
    const expected =
      /holds none of the 1 files this database's rows name; several instances of one database must share DATA_DIR\/files/;
    if (test.database.engine === 'postgres') {
      await expect(answer).rejects.toThrow(expected);
    } else {
      expect(await answer).toMatch(expected);
    }
    expect(readFolderMarker(folder('empty'))).toBeNull();
  });
});
