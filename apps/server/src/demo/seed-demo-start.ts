import type { Kysely } from 'kysely';
import type { FileStorage } from '../storage/storage';
import { seedDemo, type SeedDemoSummary } from './seed-demo';
import { seedDemoFiles, type SeedDemoFilesSummary } from './seed-demo-files';
import { seedDemoHistory, type DemoHistorySummary } from './seed-demo-history';
import type { DB } from '../db/types';

export type SeedDemoWithFilesSummary = SeedDemoSummary & { files: SeedDemoFilesSummary; history: DemoHistorySummary };

/** The demo data, then real files for a few of its grafts and the past implantations (`seed-demo` and the demo start). */
export async function seedDemoWithFiles(
  db: Kysely<DB>,
  storage: FileStorage,
  options: { force?: boolean; today?: string } = {},
): Promise<SeedDemoWithFilesSummary> {
  const summary = await seedDemo(db, options);
  const files = await seedDemoFiles(db, storage, summary.today);
  const history = await seedDemoHistory(db, { today: summary.today });
  return { ...summary, files, history };
}

/**
 * The demo start (`graftmatch serve --demo`): seeds only a database without users, so restarting
 * the demo keeps what was changed. Returns the summary, or null when nothing was seeded.
 */
export async function seedDemoIfEmpty(db: Kysely<DB>, storage: FileStorage): Promise<SeedDemoWithFilesSummary | null> {
  const anyUser = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  return anyUser ? null : seedDemoWithFiles(db, storage);
}
