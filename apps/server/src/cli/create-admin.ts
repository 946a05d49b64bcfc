import { text } from 'node:stream/consumers';
import { InvalidArgumentError, type Command } from 'commander';
import { loadConfig } from '../config/config';
import { createMailer } from '../mail/mailer';
import { createMailSealer } from '../mail/sealed-body';
import { createAuthDeps } from '../modules/auth/auth.deps';
import { loadSigningSecret } from '../identity/secrets';
import { createAdmin } from '../modules/auth/first-admin.service';
import { INVITATION_DAYS } from '../modules/auth/password.service';
import { runWithDatabase } from './run-with-database';

interface CreateAdminOptions {
  email: string;
  firstName: string;
  lastName: string;
  language: 'en' | 'de';
  twoFactorTarget?: string;
  passwordStdin: boolean;
}

function language(value: string): 'en' | 'de' {
  if (value !== 'en' && value !== 'de') {
    throw new InvalidArgumentError('must be en or de');
  }
  return value;
}

// Problems (a taken address, a weak password) carry their reason in `detail`.
const reasonOf = (error: unknown) => (error as { detail?: string }).detail ?? (error as Error).message;

export function registerCreateAdminCommand(program: Command) {
  program
    .command('create-admin')
    .description('Create an administrator, e.g. the first one of an empty production database.')
    .requiredOption('--email <address>', 'login name and mail address')
    .requiredOption('--first-name <name>', 'first name')
    .requiredOption('--last-name <name>', 'last name')
    .option('--language <en|de>', 'language of the mails', language, 'en')
    .option('--two-factor-target <address>', 'where the login PIN goes (default: the email)')
    .option('--password-stdin', 'read the password from standard input instead of printing a set-password link', false)
    .action((options: CreateAdminOptions) =>
      runWithDatabase(async (database) => {
        const config = loadConfig();
        const log = {
          info: () => undefined,
          warn: (message: string) => console.warn(`graftmatch: ${message}`),
          error: () => undefined,
        };
        const signingSecret = loadSigningSecret(config, log);
        const deps = createAuthDeps({
          db: database.db,
          config,
          mailer: createMailer(config, { now: () => new Date(), sealer: createMailSealer(signingSecret) }),
          signingSecret,
          now: () => new Date(),
          log,
        });
        const password = options.passwordStdin ? (await text(process.stdin)).replace(/\r?\n$/, '') : undefined;
        try {
          const { link } = await createAdmin(deps, { ...options, password });
          process.stdout.write(
            link
              ? `graftmatch: administrator ${options.email} created. Open this link within ${INVITATION_DAYS} days to set the password:\n${link}\n`
              : `graftmatch: administrator ${options.email} created with the given password.\n`,
          );
        } catch (error) {
          throw new Error(`create-admin failed: ${reasonOf(error)}`);
        }
      }),
    );
}
