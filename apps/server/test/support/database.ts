import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { copyFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Migrator } from 'kysely';
import pg from 'pg';
import { createDatabase, type Database, type DatabaseTarget } from '../../src/db/database';
import { migrateToLatest } from '../../src/db/migrate';
import { migrations } from '../../src/db/migrations';

export interface TestDatabase {
  database: Database;
  target: DatabaseTarget;
  /** Closes the connections and removes the schema or file. */
  cleanup(): Promise<void>;
}

/** 'postgres' when TEST_DATABASE_URL is set, else 'sqlite'; for test titles. */
export function testEngineName(): 'sqlite' | 'postgres' {
  return process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite';
}

/**
 * A fresh, migrated database of its own: a new PostgreSQL schema `gm_test_<random>` when
 * TEST_DATABASE_URL is set, else a temporary SQLite file. Test files may run in parallel.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const url = process.env.TEST_DATABASE_URL;
  const suffix = randomBytes(6).toString('hex');
  if (!url) {
    const file = join(tmpdir(), `graftmatch-test-${suffix}.sqlite`);
    await copyFile(await migratedSqliteTemplate(), file);
    // WAL mode leaves two companion files next to the database.
    return migrated({ engine: 'sqlite', file }, () =>
      Promise.all(['', '-wal', '-shm'].map((extension) => rm(file + extension, { force: true }))),
    );
  }
  const schema = `gm_test_${suffix}`;
  await withAdminClient(url, (client) => client.query(`create schema ${schema}`));
  return migrated({ engine: 'postgres', url, schema }, () =>
    withAdminClient(url, (client) => client.query(`drop schema ${schema} cascade`)),
  );
}

/**
 * PostgreSQL's "schema, table or column does not exist" (3F000, 42P01, 42703), thrown by the
 * introspection itself or as a cause of the migration's failure: what the read of every schema's columns meets while another test file drops
 * its schema or migrates its own tables.
 */
const schemaGone = (error: unknown): boolean =>
  error instanceof Error &&
  (['3F000', '42P01', '42703'].includes((error as { code?: unknown }).code as string) || schemaGone(error.cause));

/**
 * Kysely's migrator reads the columns of every schema in the database before it takes its lock;
 * when another test file drops its own schema at that moment, or migrates its own tables at that
 * moment, the read fails. Nothing was migrated then, so the migration runs again (a real fault of
 * a migration fails all five tries). For a test's own migrations too.
 */
export async function migrateBesideOtherFiles<T>(migrate: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await migrate();
    } catch (error) {
      if (attempt >= 5 || !schemaGone(error)) {
        throw error;
      }
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
    }
  }
}

/**
 * Migrates the test's database back to the migration just before `migration`, so that a test can
 * write the rows of before and then run `migration` on them. Kysely reports a failed migration in
 * its result; thrown, a read that met another file's schema change is tried again.
 */
export async function migrateToJustBefore(test: TestDatabase, migration: string): Promise<void> {
  const schema = test.target.engine === 'postgres' ? test.target.schema : undefined;
  const migrator = new Migrator({
    db: test.database.db,
    provider: { getMigrations: async () => migrations },
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const names = Object.keys(migrations).sort();
  const before = names[names.indexOf(migration) - 1] ?? '';
  await migrateBesideOtherFiles(async () => {
    const { error } = await migrator.migrateTo(before);
    if (error) {
      throw new Error(`migration to ${before} failed`, { cause: error });
    }
  });
}

let sqliteTemplate: Promise<string> | undefined;

/**
 * A SQLite file migrated once per process, which each test database starts as a copy of: a copy
 * costs a millisecond, a migration about 100 (docs/performance.md "CI"). Closed, so its write-ahead
 * log is folded into the file; removed as the process exits.
 */
function migratedSqliteTemplate(): Promise<string> {
  sqliteTemplate ??= (async () => {
    const file = join(tmpdir(), `graftmatch-template-${randomBytes(6).toString('hex')}.sqlite`);
    const database = createDatabase({ engine: 'sqlite', file });
    await migrateToLatest(database.db);
    await database.close();
    process.once('exit', () => rmSync(file, { force: true }));
    return file;
  })();
  return sqliteTemplate;
}

/**
 * Opens and migrates the target (on SQLite a copy of the template: nothing is left to do); cleanup
 * closes it, then removes what held it.
 */
async function migrated(target: DatabaseTarget, remove: () => Promise<unknown>): Promise<TestDatabase> {
  const database = createDatabase(target);
  await migrateBesideOtherFiles(() => migrateToLatest(database.db));
  return {
    database,
    target,
    async cleanup() {
      await database.close();
      await remove();
    },
  };
}

async function withAdminClient(url: string, work: (client: pg.Client) => Promise<unknown>): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}
