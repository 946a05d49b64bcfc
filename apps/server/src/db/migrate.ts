import { Migrator, type Kysely, type MigrationResultSet } from 'kysely';
import { migrations } from './migrations';

/**
 * Applies every pending migration; throws with the failing migration's name.
 * On PostgreSQL pass the target's schema when it is not `public`: Kysely looks for its
 * migration table in every schema of the database unless told which one is ours.
 */
export async function migrateToLatest<T>(db: Kysely<T>, options: { schema?: string } = {}): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    ...(options.schema ? { migrationTableSchema: options.schema } : {}),
  });
  const result: MigrationResultSet = await migrator.migrateToLatest();
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error');
    const cause = result.error instanceof Error ? result.error.message : String(result.error);
    throw new Error(`migration ${failed?.migrationName ?? '(unknown)'} failed: ${cause}`, { cause: result.error });
  }
  return (result.results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
