import { randomUUID } from 'node:crypto';
import {
  replaceForbiddenCharacters,
  utcDate,
  type ImportResult,
  type ImportRowError,
  type Language,
} from '@graftmatch/domain';
import { refreshPlannerStatistics } from '../../db/dialect';
import { writeOrConflict } from '../../http/write-or-conflict';
import type { EuteRow, NewImportLogRow } from '../../db/types';
import { badRequest, forbidden } from '../../http/problem';
import type { AfterAnswer } from '../../http/after-answer';
import type { ImportCounters } from '../../metrics/counters';
import { recordAudits, type AuditEntry } from '../audit/audit.service';
import { announceGraftsChanged } from '../grafts/grafts.service';
import { notify, publishNotified, type Notified } from '../notifications/notifications.service';
import { findBankByRef } from '../organisations/organisations.service';
import {
  findMatchAlerts,
  notifyMatchAlerts,
  publishMatchAlerts,
  type AlertDeps,
} from '../waitinglist/waitinglist.alerts';
import { queueMatchMails } from '../waitinglist/waitinglist.match-mails';
import { IMPORT_COLUMN_NAMES } from './imports.columns';
import { importLogText, summaryOf, toImportResult } from './imports.log';
import { parseImportFile } from './imports.parse';
import type { ImportSource, ParsedFile } from './imports.parse.rows';
import { planImport, readRows, type ImportPlan, type ReadRow } from './imports.plan';
import { importableBanks, importerName, type ImportCaller } from './imports.policy';
import * as repo from './imports.repository';

// The one importer behind the upload, the command line and bank API keys (docs/import.md).

export interface ImportDeps extends AlertDeps {
  now: () => Date;
  /** Runs the match alerts and push events once the answer is out (docs/import.md "Match alerts"). */
  afterAnswer: AfterAnswer;
  /** The server's metrics; the command line has none. */
  importCounters?: ImportCounters;
}

export interface ImportOptions {
  /** The bank by EUTE number or id; by default the caller's only bank, or the file's e_Eute. */
  bank?: string;
  dryRun: boolean;
  strict: boolean;
  /** The file's name as given, for the log only. */
  fileName: string | null;
  /** The language the answer's row errors are worded in; English when not given (the command line). */
  language?: Language;
}

/** From this many grafts written at once, the planner's statistics are refreshed after the answer. */
export const STATISTICS_AFTER_ROWS = 1000;

/** The most row errors an import answers and keeps; `summary.failed` still counts every failed row. */
export const MAX_REPORTED_ERRORS = 1000;

async function resolveBank(
  executor: repo.Executor,
  allowed: 'any' | string[],
  option: string | undefined,
  rows: readonly ReadRow[],
): Promise<EuteRow> {
  const fromFile = rows.map((row) => row.fields.e_Eute).find((ref) => typeof ref === 'string');
  const ref = option ?? (allowed !== 'any' && allowed.length === 1 ? allowed[0] : (fromFile as string | undefined));
  if (!ref) {
    throw badRequest({ key: 'problem.imports.nameImportBank' });
  }
  const bank = await findBankByRef(executor, ref);
  if (allowed === 'any' && !bank) {
    throw badRequest({ key: 'problem.noBankRef', params: { ref } });
  }
  if (!bank || (allowed !== 'any' && !allowed.includes(bank.id))) {
    throw forbidden({ key: 'problem.ownBankImport' });
  }
  return bank;
}

// A file name is shown in the log, not kept whole: a name of any length fits.
const MAX_SOURCE_NAME = 200;

/** Where the rows came from, for the log; an uploaded file's name follows the text rule like any text. */
function sourceOf(caller: ImportCaller, fileName: string | null): string {
  const where = { user: 'upload', cli: 'cli', apiKey: 'api', system: 'system' }[caller.kind];
  const name = caller.kind === 'cli' || caller.kind === 'system' ? caller.source : fileName;
  return name ? `${where} ${replaceForbiddenCharacters(name, '_').slice(0, MAX_SOURCE_NAME)}` : where;
}

function actorOf(caller: ImportCaller) {
  return caller.kind === 'user'
    ? { actorUserId: caller.principal?.userId ?? null, ip: caller.ip }
    : { actorUserId: null, ip: caller.kind === 'apiKey' ? caller.ip : null };
}

function graftAudits(plan: ImportPlan, caller: ImportCaller, importLogId: string, at: Date): AuditEntry[] {
  const actor = actorOf(caller);
  return [
    ...plan.inserts.map((row) => ({
      ...actor,
      at,
      action: 'graft.import.insert' as const,
      targetType: 'graft' as const,
      targetId: row.id,
      after: { e_Lot: row.eLot, importLogId },
    })),
    ...plan.updates.map((update) => ({
      ...actor,
      at,
      action: 'graft.import.update' as const,
      targetType: 'graft' as const,
      targetId: update.id,
      before: update.before,
      // A correction's reason stays with the values it changed (docs/import.md "Corrections").
      after: { ...update.after, importLogId, ...(update.reason === null ? {} : { correctionReason: update.reason }) },
    })),
  ];
}

/** A file read and checked row by row, and the bank it goes into; nothing written yet. */
interface ReadFile {
  parsed: ParsedFile<ReadRow>;
  rows: ReadRow[];
  bank: EuteRow;
}

async function readFile(
  executor: repo.Executor,
  caller: ImportCaller,
  source: ImportSource,
  bank: string | undefined,
): Promise<ReadFile> {
  const allowed = importableBanks(caller);
  // Each row is checked as it is read, so only the checked row (and its reasons) stays in memory.
  const parsed = await parseImportFile(source, IMPORT_COLUMN_NAMES, (row, budget) => {
    const read = readRows([row])[0] as ReadRow;
    budget.reasons(read.errors.length);
    return read;
  });
  const { rows } = parsed;
  return { parsed, rows, bank: await resolveBank(executor, allowed, bank, rows) };
}

async function planFor(executor: repo.Executor, file: ReadFile, at: Date): Promise<ImportPlan> {
  const { rows, bank } = file;
  return planImport(rows, {
    bank,
    existing: await repo.findGraftsByLots(
      executor,
      rows.flatMap((row) => (typeof row.fields.e_Lot === 'string' ? [row.fields.e_Lot] : [])),
    ),
    takenIds: await repo.findTakenGraftIds(
      executor,
      rows.flatMap((row) => (row.id === undefined ? [] : [row.id])),
    ),
    clinics: await repo.clinicsByName(executor),
    today: utcDate(at),
    now: at.toISOString(),
  });
}

function logRowOf(
  file: ReadFile,
  caller: ImportCaller,
  options: ImportOptions,
  written: { id: string; at: Date; plan: ImportPlan; refused: boolean },
): NewImportLogRow {
  const { id, at, plan, refused } = written;
  const summary = summaryOf(file.rows.length, plan, refused);
  const errors: ImportRowError[] = plan.errors.slice(0, MAX_REPORTED_ERRORS);
  return {
    id,
    model: 'graft',
    date: at.toISOString(),
    importer: importerName(caller),
    log: importLogText({
      summary,
      errors,
      notices: plan.notices,
      ignoredColumns: file.parsed.ignoredColumns,
      skipped: file.parsed.skipped,
      options,
      refused,
    }),
    importType: file.parsed.format,
    importSource: sourceOf(caller, options.fileName),
    euteId: file.bank.id,
    importerUserId: caller.kind === 'user' ? (caller.principal?.userId ?? null) : null,
    strict: options.strict ? 1 : 0,
    summary: JSON.stringify(summary),
    errors: JSON.stringify(errors),
    notices: JSON.stringify(plan.notices),
  };
}

/**
 * Plans and writes one read file inside `trx`: the good rows (or, with `strict`, nothing when
 * any row failed), the import log and the audit rows, every write batched into few statements.
 */
async function writeFile(
  trx: repo.Transaction,
  file: ReadFile,
  caller: ImportCaller,
  options: ImportOptions,
  at: Date,
): Promise<{ plan: ImportPlan; logRow: NewImportLogRow; refused: boolean }> {
  const id = randomUUID();
  const plan = await planFor(trx, file, at);
  const refused = options.strict && plan.failedRows > 0;
  const logRow = logRowOf(file, caller, options, { id, at, plan, refused });
  if (!refused) {
    await repo.insertGrafts(trx, plan.inserts);
    await repo.updateGrafts(trx, plan.updates);
    await repo.insertImportLog(trx, logRow);
    await recordAudits(trx, [
      ...graftAudits(plan, caller, id, at),
      {
        ...actorOf(caller),
        at,
        action: 'graft.import',
        targetType: 'importLog',
        targetId: id,
        after: { euteId: file.bank.id, importer: logRow.importer, summary: JSON.parse(logRow.summary ?? '{}') },
      },
    ]);
  }
  return { plan, logRow, refused };
}

/**
 * Imports one file into one bank: reads and checks every row, then in one transaction inserts
 * and updates the good rows (or, with `strict`, nothing when any row failed), writes the import
 * log and an audit row per changed graft; newly free grafts are matched against the waiting
 * lists and their mails queued in the same transaction. After the commit and the answer,
 * `graftsChanged` goes to those who see the lots and `matchFound` to the entries' owners.
 */
export async function importGrafts(
  deps: ImportDeps,
  caller: ImportCaller,
  source: ImportSource,
  options: ImportOptions,
): Promise<ImportResult> {
  const file = await readFile(deps.db, caller, source, options.bank);
  const at = deps.now();
  if (options.dryRun) {
    const plan = await planFor(deps.db, file, at);
    const refused = options.strict && plan.failedRows > 0;
    return toImportResult(
      logRowOf(file, caller, options, { id: randomUUID(), at, plan, refused }),
      true,
      options.language ?? 'en',
    );
  }
  const { plan, logRow, refused, bankTold, alerts, physiciansTold } = await writeOrConflict(
    deps.db,
    async (trx) => {
      const written = await writeFile(trx, file, caller, options, at);
      if (written.refused) {
        return { ...written, bankTold: [], alerts: [], physiciansTold: [] };
      }
      // Match mails and notifications commit with the import: none is lost, none tells of a rolled-back one.
      const matched = await findMatchAlerts(trx, written.plan.freed, utcDate(at));
      await queueMatchMails(trx, deps, matched);
      return {
        ...written,
        bankTold: await tellBankOfImport(trx, file.bank, caller, written.logRow),
        alerts: matched,
        physiciansTold: await notifyMatchAlerts(trx, matched, new Date(at)),
      };
    },
    { key: 'problem.imports.sameLotsMeanwhile' },
  );
  deps.importCounters?.done({
    refused,
    imported: refused ? 0 : plan.inserts.length + plan.updates.length + plan.unchanged,
    failed: plan.failedRows,
  });
  deps.mailer.wake();
  publishNotified(deps.push, bankTold);
  if (!refused && plan.changed.length > 0) {
    deps.afterAnswer.run('import alerts', async () => {
      await announceGraftsChanged(deps, plan.changed);
      publishMatchAlerts(deps.push, alerts, physiciansTold);
    });
  }
  if (!refused && plan.inserts.length + plan.updates.length >= STATISTICS_AFTER_ROWS) {
    deps.afterAnswer.run('graft statistics', () => refreshPlannerStatistics(deps.db, 'grafts'));
  }
  return toImportResult(logRow, false, options.language ?? 'en');
}

/**
 * In the import's transaction: the bank's other employees hear of an import into their stock
 * that someone else made (a colleague, an admin, the bank's own system by API key, the command
 * line); the importer has the answer.
 */
async function tellBankOfImport(
  trx: repo.Transaction,
  bank: EuteRow,
  caller: ImportCaller,
  logRow: NewImportLogRow,
): Promise<Notified> {
  const importerId = caller.kind === 'user' ? caller.principal?.userId : undefined;
  const others = (await repo.bankEmployeeIds(trx, bank.id)).filter((id) => id !== importerId);
  const summary = JSON.parse(logRow.summary ?? '{}') as Record<string, number>;
  return notify(trx, others, {
    kind: 'import',
    link: `/home/imports/logs/${logRow.id}`,
    payload: {
      importId: logRow.id,
      bank: bank.name,
      importer: logRow.importer,
      inserted: summary.inserted ?? 0,
      updated: summary.updated ?? 0,
      failed: summary.failed ?? 0,
    },
    at: new Date(logRow.date),
  });
}

/**
 * The same import inside a transaction the caller owns, for the demo seed, which writes its
 * organisations in the same transaction; no events or mails follow (the caller decides).
 */
export async function importGraftsWithin(
  trx: repo.Transaction,
  caller: ImportCaller,
  content: Buffer,
  options: Omit<ImportOptions, 'dryRun'> & { at: Date },
): Promise<ImportResult> {
  const file = await readFile(trx, caller, content, options.bank);
  const { logRow } = await writeFile(trx, file, caller, { ...options, dryRun: false }, options.at);
  return toImportResult(logRow, false, 'en');
}
