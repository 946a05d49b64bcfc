import { Migrator, sql, type Kysely, type MigrationResultSet } from 'kysely';
import { engineOf } from './dialect';
import { migrations } from './migrations';

/**
 * On PostgreSQL, the schema the connection works in (its search_path). Kysely looks for its
 * migration table in every schema of the database unless told which one is ours, so two
 * schemas in one database (test runs, tenants) would otherwise see each other's migrations.
 */
async function currentPostgresSchema<T>(db: Kysely<T>): Promise<string | undefined> {
  if (engineOf(db) !== 'postgres') {
    return undefined;
  }
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return rows[0]?.schema;
}

/** Applies every pending migration; throws with the failing migration's name. */
export async function migrateToLatest<T>(db: Kysely<T>): Promise<string[]> {
  const schema = await currentPostgresSchema(db);
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  // Nothing pending (most starts, and every command beside a running server) is found by reading
  // only: the migration run would take SQLite's write lock (docs/operations.md "Writers on SQLite").
  if ((await migrator.getMigrations()).every((migration) => migration.executedAt !== undefined)) {
    return [];
  }
  const result: MigrationResultSet = await migrator.migrateToLatest();
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error');
    const cause = result.error instanceof Error ? result.error.message : String(result.error);
    throw new Error(`migration ${failed?.migrationName ?? '(unknown)'} failed: ${cause}`, { cause: result.error });
  }
  return (result.results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
