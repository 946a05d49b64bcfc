import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createDatabase, type Database, type DatabaseTarget } from '../../src/db/database';
import { migrateToLatest } from '../../src/db/migrate';

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

/** Opens and migrates the target; cleanup closes it, then removes what held it. */
async function migrated(target: DatabaseTarget, remove: () => Promise<unknown>): Promise<TestDatabase> {
  const database = createDatabase(target);
  await migrateToLatest(database.db);
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
