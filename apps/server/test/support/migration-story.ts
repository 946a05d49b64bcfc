import { afterAll, beforeAll } from 'vitest';
import { migrateToLatest } from '../../src/db/migrate';
import { createTestDatabase, migrateBesideOtherFiles, migrateToJustBefore, type TestDatabase } from './database';

/**
 * One migration's story in a test file: a database of its own, made before the file's tests and
 * removed after them; `before()` takes it back to just before `migration` so the test can write the
 * rows of before, and `migrate()` runs `migration` and what follows, answering the names it ran.
 */
export function migrationStory(migration: string) {
  let test: TestDatabase | undefined;
  beforeAll(async () => {
    test = await createTestDatabase();
  });
  afterAll(async () => {
    await test?.cleanup();
  });
  const opened = (): TestDatabase => {
    if (!test) {
      throw new Error('the test database is made in beforeAll');
    }
    return test;
  };
  return {
    async before() {
      await migrateToJustBefore(opened(), migration);
      return opened().database.db;
    },
    migrate: () => migrateBesideOtherFiles(() => migrateToLatest(opened().database.db)),
  };
}
