import { readFileSync } from 'node:fs';
import { InvalidArgumentError, type Command } from 'commander';
import { translate, type Language } from '@graftmatch/domain';
import { loadConfig } from '../config/config';
import { findAuditSigningKey, loadAuditSigningKey } from '../modules/audit/audit.key';
import { parsePublicKey, verifierKey } from '../modules/audit/audit.note';
import { readLastCheckpoint } from '../modules/audit/audit.repository';
import { verifyAuditLog } from '../modules/audit/audit.verify';
import { exitOnStartupError } from '../startup/startup';
import { runWithDatabase } from './run-with-database';

/** `--lang`: de or en. */
function cliLanguage(value: string): Language {
  if (value !== 'de' && value !== 'en') {
    throw new InvalidArgumentError('use de or en');
  }
  return value;
}

/** The language of a POSIX locale such as `de_DE.UTF-8`: German for `de…`, English otherwise. */
export const languageOfLocale = (locale: string | undefined): Language =>
  /^de([_.@-]|$)/i.test(locale ?? '') ? 'de' : 'en';

const stderrLog = { warn: (message: string) => console.error(`graftmatch: ${message}`) };

/** `graftmatch audit verify|public-key|checkpoint` (docs/security.md, "Tamper-evident audit log"). */
export function registerAuditCommand(program: Command) {
  const audit = program.command('audit').description('The tamper-evident audit log: verify it, print its key.');
  audit
    .command('verify')
    .description('Recompute the audit hash chain and check every signed checkpoint; exit 1 at the first fault.')
    .option(
      '--public-key <file>',
      'verify with this public key (from `graftmatch audit public-key`) instead of the key of this installation',
    )
    .option('--checkpoint <file>', 'also check a checkpoint kept outside (proves a removed tail)')
    .option('--lang <de|en>', 'language of the summary (default: from LANG, else English)', cliLanguage)
    .action((options: { publicKey?: string; checkpoint?: string; lang?: Language }) =>
      runWithDatabase(async (database, config) => {
        const publicKey = options.publicKey
          ? parsePublicKey(readFileSync(options.publicKey, 'utf8'))
          : findAuditSigningKey(config)?.publicKey;
        if (!publicKey) {
          throw new Error('no audit signing key is configured here; pass --public-key FILE');
        }
        const checkpoint = options.checkpoint ? readFileSync(options.checkpoint, 'utf8') : undefined;
        const language = options.lang ?? languageOfLocale(process.env.LANG);
        const result = await verifyAuditLog(database.db, { publicKey, checkpoint, language });
        if (result.ok) {
          console.log(result.summary);
        } else {
          console.error(`graftmatch: ${translate(language, 'auditVerify.notIntact', { summary: result.summary })}`);
          process.exitCode = 1;
        }
      }),
    );
  audit
    .command('public-key')
    .description('Print the public key of the checkpoint signatures (a signed-note verifier key).')
    .action(() => {
      try {
        const key = loadAuditSigningKey(loadConfig(), stderrLog);
        console.log(verifierKey(key.name, key.publicKey));
      } catch (error) {
        exitOnStartupError(error);
      }
    });
  audit
    .command('checkpoint')
    .description('Print the latest signed checkpoint, to keep outside the system.')
    .action(() =>
      runWithDatabase(async (database) => {
        const last = await readLastCheckpoint(database.db);
        if (!last) {
          throw new Error('no checkpoint has been written yet');
        }
        process.stdout.write(last.note);
      }),
    );
}
