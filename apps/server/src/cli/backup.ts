import path from 'node:path';
import type { Command } from 'commander';
import { runWithDatabase } from './run-with-database';

export function registerBackupCommand(program: Command) {
  program
    .command('backup')
    .description(
      'Copy the embedded SQLite database to FILE while the server may keep running (PostgreSQL: use pg_dump).',
    )
    .argument('<file>', 'where to write the copy')
    .action((file: string) =>
      runWithDatabase(async (database) => {
        const target = path.resolve(file);
        await database.backup(target);
        console.log(`graftmatch: backup written to ${target}`);
      }),
    );
}
