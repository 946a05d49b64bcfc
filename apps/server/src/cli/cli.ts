import { Command } from 'commander';
import { registerAuditCommand } from './audit';
import { registerBackupCommand } from './backup';
import { registerCreateAdminCommand } from './create-admin';
import { registerImportCommand } from './import';
import { registerJobsCommand } from './jobs';
import { registerMigrateCommand } from './migrate';
import { registerRestoreCommand } from './restore';
import { registerSeedDemoCommand } from './seed-demo';
import { registerServeCommand } from './serve';

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
