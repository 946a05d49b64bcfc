import type { Command } from 'commander';
import { main } from './main';

export function registerServeCommand(program: Command) {
  program
    .command('serve')
    .description(
      'Start the server (migrates the database first). Configuration comes from the environment; see README.',
    )
    .option('--demo', 'seed the demo data when the database is empty (never use in production)', false)
    .action((options: { demo: boolean }) => main({ demo: options.demo }));
}
