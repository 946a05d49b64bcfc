import path from 'node:path';
import type { Command } from 'commander';
import { loadConfig } from '../config';
import { POSTGRES_BACKUP_ADVICE } from './restore';
import { runWithDatabase } from './run-with-database';

export function registerBackupCommand(program: Command) {
  program
    .command('backup')
    .description(
      'Copy the embedded SQLite database to FILE while the server may keep running (PostgreSQL: use pg_dump).',
    )
    .argument('<file>', 'where to write the copy')
    .action((file: string) => {
      if (loadConfig().databaseUrl) {
        console.error(`graftmatch: backup copies the embedded SQLite database only; ${POSTGRES_BACKUP_ADVICE}.`);
        process.exitCode = 1;
        return;
      }
      return runWithDatabase(async (database) => {
        const target = path.resolve(file);
        await database.backup(target);
        console.log(`graftmatch: backup written to ${target} (a consistent copy; writes may go on meanwhile)`);
      });
    });
}
