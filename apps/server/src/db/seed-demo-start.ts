import type { Kysely } from 'kysely';
import { seedDemo, type SeedDemoSummary } from './seed-demo';
import type { DB } from './types';

/**
 * The demo start (`graftmatch serve --demo`): seeds only a database without users, so restarting
 * the demo keeps what was changed. Returns the summary, or null when nothing was seeded.
 */
export async function seedDemoIfEmpty(db: Kysely<DB>): Promise<SeedDemoSummary | null> {
  const anyUser = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  return anyUser ? null : seedDemo(db);
}
