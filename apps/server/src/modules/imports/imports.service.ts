import { randomUUID } from 'node:crypto';
import { utcDate, type ImportResult, type ImportRowError } from '@graftmatch/domain';
import { isUniqueViolation } from '../../db/dialect';
import type { EuteRow, NewImportLogRow } from '../../db/types';
import { badRequest, conflict, forbidden } from '../../http/problem';
import { graftsChanged } from '../../realtime/push-audience';
import { recordAudit, recordAudits, type AuditEntry } from '../audit/audit.service';
import { sendMatchAlerts, type AlertDeps } from './imports.alerts';
import { IMPORT_COLUMN_NAMES } from './imports.columns';
import { importLogText, summaryOf, toImportResult } from './imports.log';
import { parseImportFile } from './imports.parse';
import { planImport, readRows, type ImportPlan, type ReadRow } from './imports.plan';
import { importableBanks, importerName, type ImportCaller } from './imports.policy';
import * as repo from './imports.repository';

// The one importer behind the upload, the command line and bank API keys (docs/import.md).

export interface ImportDeps extends AlertDeps {
  now: () => Date;
}

export interface ImportOptions {
  /** The bank by EUTE number or id; by default the caller's only bank, or the file's e_Eute. */
  bank?: string;
  dryRun: boolean;
  strict: boolean;
  /** The file's name as given, for the log only. */
  fileName: string | null;
}

/** The most row errors an import answers and keeps; `summary.failed` still counts every failed row. */
export const MAX_REPORTED_ERRORS = 1000;

async function resolveBank(
  deps: ImportDeps,
  allowed: 'any' | string[],
  option: string | undefined,
  rows: readonly ReadRow[],
): Promise<EuteRow> {
  const fromFile = rows.map((row) => row.fields.e_Eute).find((ref) => typeof ref === 'string');
  const ref = option ?? (allowed !== 'any' && allowed.length === 1 ? allowed[0] : (fromFile as string | undefined));
  if (!ref) {
    throw badRequest('Name the tissue bank to import into: ?bank=<EUTE number or id>, or an e_Eute column.');
  }
  const bank = await repo.findEuteByRef(deps.db, ref);
  if (allowed === 'any' && !bank) {
    throw badRequest(`No tissue bank has the EUTE number or id ${ref}.`);
  }
  if (!bank || (allowed !== 'any' && !allowed.includes(bank.id))) {
    throw forbidden('You may import only into your own tissue bank.');
  }
  return bank;
}

function sourceOf(caller: ImportCaller, fileName: string | null): string {
  const where = { user: 'upload', cli: 'cli', apiKey: 'api' }[caller.kind];
  const name = caller.kind === 'cli' ? caller.source : fileName;
  return name ? `${where} ${name}` : where;
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
      action: 'graft.import.insert',
      targetType: 'graft',
      targetId: row.id,
      after: { e_Lot: row.eLot, importLogId },
    })),
    ...plan.updates.map((update) => ({
      ...actor,
      at,
      action: 'graft.import.update',
      targetType: 'graft',
      targetId: update.id,
      before: update.before,
      after: { ...update.after, importLogId },
    })),
  ];
}

async function inTransaction<T>(deps: ImportDeps, work: (trx: repo.Transaction) => Promise<T>): Promise<T> {
  try {
    return await deps.db.transaction().execute(work);
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw conflict('Another import of the same lots ran at the same time; nothing was written. Try again.');
    }
    throw error;
  }
}

/**
 * Imports one file into one bank: reads and checks every row, then in one transaction inserts
 * and updates the good rows (or, with `strict`, nothing when any row failed), writes the import
 * log and an audit row per changed graft. After the commit, `graftsChanged` goes to those who
 * see the lots and newly free grafts are matched against the waiting lists.
 */
export async function importGrafts(
  deps: ImportDeps,
  caller: ImportCaller,
  content: Buffer,
  options: ImportOptions,
): Promise<ImportResult> {
  const allowed = importableBanks(caller);
  const parsed = await parseImportFile(content, IMPORT_COLUMN_NAMES);
  const rows = readRows(parsed.rows);
  const bank = await resolveBank(deps, allowed, options.bank, rows);
  const at = deps.now();
  const today = utcDate(at);
  const id = randomUUID();

  const planFor = async (executor: repo.Executor) =>
    planImport(rows, {
      bank,
      existing: await repo.findGraftsByLots(
        executor,
        rows.flatMap((row) => (typeof row.fields.e_Lot === 'string' ? [row.fields.e_Lot] : [])),
      ),
      clinics: await repo.clinicsByName(executor),
      today,
      now: at.toISOString(),
    });
  const logRowOf = (plan: ImportPlan, refused: boolean): NewImportLogRow => {
    const summary = summaryOf(rows.length, plan, refused);
    const errors: ImportRowError[] = plan.errors.slice(0, MAX_REPORTED_ERRORS);
    return {
      id,
      model: 'graft',
      date: at.toISOString(),
      importer: importerName(caller),
      log: importLogText({ summary, errors, ignoredColumns: parsed.ignoredColumns, options, refused }),
      importType: parsed.format,
      importSource: sourceOf(caller, options.fileName),
      euteId: bank.id,
      importerUserId: caller.kind === 'user' ? (caller.principal?.userId ?? null) : null,
      strict: options.strict ? 1 : 0,
      summary: JSON.stringify(summary),
      errors: JSON.stringify(errors),
    };
  };

  if (options.dryRun) {
    const plan = await planFor(deps.db);
    return toImportResult(logRowOf(plan, options.strict && plan.failedRows > 0), true);
  }
  const { plan, logRow, refused } = await inTransaction(deps, async (trx) => {
    const plan = await planFor(trx);
    const refused = options.strict && plan.failedRows > 0;
    const logRow = logRowOf(plan, refused);
    if (!refused) {
      await repo.insertGrafts(trx, plan.inserts);
      for (const update of plan.updates) {
        await repo.updateGraft(trx, update.id, update.changes);
      }
      await repo.insertImportLog(trx, logRow);
      await recordAudits(trx, graftAudits(plan, caller, id, at));
      await recordAudit(trx, {
        ...actorOf(caller),
        at,
        action: 'graft.import',
        targetType: 'import_log',
        targetId: id,
        after: { euteId: bank.id, importer: logRow.importer, summary: JSON.parse(logRow.summary ?? '{}') },
      });
    }
    return { plan, logRow, refused };
  });
  if (!refused && plan.changed.length > 0) {
    deps.push.publish(graftsChanged(plan.changed));
    await sendMatchAlerts(deps, plan.freed, today);
  }
  return toImportResult(logRow, false);
}
