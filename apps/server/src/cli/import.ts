import { access, constants } from 'node:fs/promises';
import path from 'node:path';
import type { Command } from 'commander';
import type { ImportResult } from '@graftmatch/domain';
import { loadConfig } from '../config/config';
import { createAfterAnswer } from '../http/after-answer';
import { createMailer } from '../mail/mailer';
import { importGrafts } from '../modules/imports/imports.service';
import { retryWhileBusy } from './import-retry';
import { runWithDatabase } from './run-with-database';

interface ImportCommandOptions {
  bank?: string;
  dryRun: boolean;
  strict: boolean;
  json: boolean;
}

// Exit codes (docs/import.md "Command line"): 0 every row taken, 2 some rows failed, 1 the file
// could not be read at all (or the import was refused as a whole).
const SOME_ROWS_FAILED = 2;

// Problems (an unreadable file, an unknown bank) carry their reason in `detail`.
const reasonOf = (error: unknown) => (error as { detail?: string }).detail ?? (error as Error).message;

function report(result: ImportResult): string {
  const { rows, inserted, updated, unchanged, failed } = result.summary;
  const mode = result.dryRun ? ' (dry run: nothing written)' : '';
  return [
    `graftmatch: import ${result.id}${mode}: ${rows} rows, ${inserted} inserted, ${updated} updated, ${unchanged} unchanged, ${failed} failed`,
    ...result.errors.map((error) => `  row ${error.row}, lot ${error.lot ?? '-'}, ${error.field}: ${error.message}`),
    ...(result.log.includes('nothing was written') && !result.dryRun
      ? ['graftmatch: strict: nothing was written']
      : []),
  ].join('\n');
}

export function registerImportCommand(program: Command) {
  program
    .command('import')
    .description('Import grafts from a CSV, JSON, xlsx or FHIR R5 Bundle file into one tissue bank (docs/import.md).')
    .argument('<file>', 'the file to import')
    .option('--bank <eute-number>', 'the tissue bank by EUTE number or id (default: the file’s e_Eute column)')
    .option('--dry-run', 'check every row and report, write nothing', false)
    .option('--strict', 'one bad row refuses the whole file', false)
    .option('--json', 'print the import log as JSON', false)
    .action((file: string, options: ImportCommandOptions) =>
      runWithDatabase(async (database) => {
        // The file is read as a stream by the same reader as an upload (docs/import.md "Limits").
        try {
          await access(file, constants.R_OK);
        } catch (error) {
          throw new Error(`import failed: the file cannot be read: ${(error as Error).message}`);
        }
        const config = loadConfig();
        const log = {
          info: () => undefined,
          warn: (message: string) => console.warn(`graftmatch: ${message}`),
          error: (details: Record<string, unknown>, message: string) =>
            console.error(`graftmatch: ${message}: ${(details.err as Error | undefined)?.message ?? ''}`),
        };
        // The match mails are queued after the import, as on the server; the server's mail worker sends them.
        const afterAnswer = createAfterAnswer(log);
        const deps = {
          db: database.db,
          now: () => new Date(),
          // No push hub lives in this process; open clients see the change at their next fetch.
          push: { publish: () => undefined },
          mailer: createMailer(config, { now: () => new Date() }),
          publicUrl: config.publicUrl,
          log,
          afterAnswer,
        };
        const importOptions = {
          bank: options.bank,
          dryRun: options.dryRun,
          strict: options.strict,
          fileName: path.basename(file),
        };
        let result: ImportResult;
        try {
          // A busy database (the server writing) is waited for, then tried again (cli/import-retry.ts).
          result = await retryWhileBusy(
            () => importGrafts(deps, { kind: 'cli', source: path.basename(file) }, { path: file }, importOptions),
            (line) => console.error(line),
          );
        } catch (error) {
          throw new Error(`import failed: ${reasonOf(error)}`);
        }
        await afterAnswer.drain();
        process.stdout.write(`${options.json ? JSON.stringify(result, null, 2) : report(result)}\n`);
        if (result.summary.failed > 0) {
          process.exitCode = SOME_ROWS_FAILED;
        }
      }),
    );
}
