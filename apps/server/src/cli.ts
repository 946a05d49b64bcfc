import { Command } from 'commander';
import { registerAuditCommand } from './cli/audit';
import { registerBackupCommand } from './cli/backup';
import { registerCreateAdminCommand } from './cli/create-admin';
import { registerImportCommand } from './cli/import';
import { registerJobsCommand } from './cli/jobs';
import { registerMigrateCommand } from './cli/migrate';
import { registerRestoreCommand } from './cli/restore';
import { registerSeedDemoCommand } from './cli/seed-demo';
import { registerServeCommand } from './cli/serve';

const program = new Command()
  .name('graftmatch')
  .description('GraftMatch: cardiovascular allograft matching between clinics and tissue banks.')
  .showHelpAfterError();

registerServeCommand(program);
registerMigrateCommand(program);
registerSeedDemoCommand(program);
registerCreateAdminCommand(program);
registerImportCommand(program);
registerBackupCommand(program);
registerRestoreCommand(program);
registerAuditCommand(program);
registerJobsCommand(program);

await program.parseAsync(process.argv);
