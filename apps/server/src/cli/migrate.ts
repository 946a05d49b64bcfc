import type { Command } from 'commander';
import { runWithDatabase } from './run-with-database';

export function registerMigrateCommand(program: Command) {
  program
    .command('migrate')
    .description('Bring the database schema up to date, then exit.')
    .action(() =>
      // Opening the database applies the pending migrations.
      runWithDatabase(async () => {
        console.log('graftmatch: database schema is up to date.');
      }),
    );
}
