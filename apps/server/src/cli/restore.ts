import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import { loadConfig } from '../config/config';
import { exitOnStartupError } from '../startup/startup';
import { restoreFolder } from './restore-folder';
import { restoreSqlite } from './restore-sqlite';

export function registerRestoreCommand(program: Command) {
  program
    .command('restore')
    .description(
      'Put back a backup folder DIR written by graftmatch backup: the files, and the database (SQLite; on PostgreSQL it prints the pg_restore command). The server must be stopped. An older backup FILE puts back the SQLite database only.',
    )
    .argument('<dir>', 'a folder written by graftmatch backup (or an older backup file)')
    .action((file: string) => {
      try {
        const config = loadConfig();
        const source = path.resolve(file);
        if (existsSync(source) && statSync(source).isDirectory()) {
          for (const line of restoreFolder(config, source)) {
            console.log(`graftmatch: ${line}`);
          }
          return;
        }
        if (config.databaseUrl) {
          console.error(
            'graftmatch: a backup file holds an embedded SQLite database only; on PostgreSQL, restore a folder written by graftmatch backup DIR (it puts the files back and prints the pg_restore command; docs/operations.md).',
          );
          process.exitCode = 1;
          return;
        }
        for (const line of restoreSqlite(config.dataDir, source)) {
          console.log(`graftmatch: ${line}`);
        }
        console.log(
          'graftmatch: this backup file holds no files; put DATA_DIR/files back from where you keep them. Start the server; migrations bring an older copy up to date.',
        );
      } catch (error) {
        exitOnStartupError(error);
      }
    });
}
