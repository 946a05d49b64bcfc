import type { Command } from 'commander';
import { seedDemoWithFiles } from '../demo/seed-demo-start';
import { createFileStorage } from '../storage/file-storage';
import { runWithDatabase } from './run-with-database';

export function registerSeedDemoCommand(program: Command) {
  program
    .command('seed-demo')
    .description('Fill an empty database with demo users, clinics, tissue banks, grafts and waiting lists.')
    .option('--force', 'seed even though the database already holds data', false)
    .action((options: { force: boolean }) =>
      runWithDatabase(async (database, config) => {
        const storage = await createFileStorage(config);
        const summary = await seedDemoWithFiles(database.db, storage, { force: options.force });
        console.log(`graftmatch: demo data created: ${JSON.stringify(summary)}`);
      }),
    );
}
