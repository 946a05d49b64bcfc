import { randomUUID } from 'node:crypto';
import {
  CORRECTION_REASON_COLUMN,
  ListStatus,
  PROCESS_STEP_NAMES,
  checkImportedGraft,
  correctedTraceabilityFields,
  graftListStatus,
  importFieldError,
  readImportCells,
  type ImportFieldError,
  type ImportNotice,
  type ImportRowError,
  type ImportedFields,
  type ProcessStepStatuses,
  type SearchableGraft,
  type StepStatus,
} from '@graftmatch/domain';
import type { EuteRow, GraftRow, GraftUpdate, NewGraftRow } from '../../db/types';
import type { ChangedGraft } from '../../realtime/push-audience';
import { effectiveListStatus } from '../grafts/grafts.mapper';
import type { FreedGraft } from '../waitinglist/waitinglist.alerts';
import { NoticeCounter, bankContact } from './imports.bank-contact';
import { ROW_KEYS, fieldsToColumns, rowToFields } from './imports.columns';
import type { SourceRow } from './imports.parse.rows';

// What an import would do, worked out without writing: each row is read and checked, laid over
// the stored graft (columns the file lacks keep their value), and sorted into insert, update,
// unchanged or refused (docs/import.md "Rules").

/** A row after its cells were read. */
export interface ReadRow {
  row: number;
  /** The e_Lot cell as written, for error messages even when it is not a valid lot. */
  lotText: string | null;
  fields: ImportedFields;
  errors: ImportFieldError[];
  /** The id the file names for the graft, if any (SourceRow.id). */
  id?: string;
}

export interface ImportContext {
  bank: EuteRow;
  /** Stored grafts of any bank by lot, for the lots the file names. */
  existing: ReadonlyMap<string, GraftRow>;
  /** Of the ids the file names, those a stored graft has. */
  takenIds: ReadonlySet<string>;
  /** Clinics by lowercase name. */
  clinics: ReadonlyMap<string, { id: string; active: boolean }>;
  today: string;
  now: string;
}

export interface ImportPlan {
  inserts: NewGraftRow[];
  updates: {
    id: string;
    lot: string;
    changes: GraftUpdate;
    /** The stored graft with the changes laid over it, so updates can be written many rows a statement. */
    row: GraftRow;
    before: ImportedFields;
    after: ImportedFields;
    /** The row's `correctionReason`, for the update's audit row. */
    reason: string | null;
  }[];
  unchanged: number;
  errors: ImportRowError[];
  /** What the import took from the bank's record where the file was silent. */
  notices: ImportNotice[];
  failedRows: number;
  changed: ChangedGraft[];
  freed: FreedGraft[];
}

export function readRows(rows: readonly SourceRow[]): ReadRow[] {
  return rows.map((source) => {
    const { fields, errors } = readImportCells(source.cells);
    const lotCell = source.cells.e_Lot;
    const lotText = lotCell === null || lotCell === undefined || lotCell === '' ? null : String(lotCell).trim();
    const read: ReadRow = { row: source.row, lotText, fields, errors: [...source.errors, ...errors] };
    return source.id === undefined ? read : { ...read, id: source.id };
  });
}

/** Values of a graft the file does not know yet: nothing recorded, every step open (read, never changed). */
const NEW_GRAFT_FIELDS: Readonly<ImportedFields> = (() => {
  const fields: ImportedFields = Object.fromEntries([...ROW_KEYS.keys()].map((name) => [name, null]));
  for (const step of PROCESS_STEP_NAMES) {
    fields[`${step}.status`] = 0;
  }
  return Object.freeze(fields);
})();

function statusOf(fields: ImportedFields, today: string) {
  const steps = Object.fromEntries(
    PROCESS_STEP_NAMES.map((step) => [step, { status: fields[`${step}.status`] as StepStatus }]),
  ) as ProcessStepStatuses;
  const expiryDate = (fields['expiry.outValue'] as string | null) ?? null;
  // Stored as if time stood still (db/types.ts); readers apply the expiry date.
  const listStatus = graftListStatus(steps, null, today);
  return { listStatus, expiryDate, effective: effectiveListStatus({ listStatus, expiryDate }, today) };
}

function changedNames(before: ImportedFields, after: ImportedFields): string[] {
  return Object.keys(after).filter((name) => before[name] !== after[name]);
}

/** An assigned graft's recorded traceability changes only with a reason (docs/import.md "Corrections"). */
function correctionErrors(before: ImportedFields, after: ImportedFields, reason: ImportedFields[string]) {
  const corrected = correctedTraceabilityFields(before, after);
  return corrected.length > 0 && typeof reason !== 'string'
    ? [
        importFieldError(CORRECTION_REASON_COLUMN, {
          key: 'importRow.reasonRequired',
          params: { fields: corrected.join(', ') },
        }),
      ]
    : [];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const pick = (fields: ImportedFields, names: readonly string[]) =>
  Object.fromEntries(names.map((name) => [name, fields[name] ?? null]));

export function planImport(rows: readonly ReadRow[], context: ImportContext): ImportPlan {
  const { bank, today, now } = context;
  const bankRefs = new Set([bank.id, ...(bank.euteNumber ? [bank.euteNumber] : [])]);
  const plan: ImportPlan = {
    inserts: [],
    updates: [],
    unchanged: 0,
    errors: [],
    notices: [],
    failedRows: 0,
    changed: [],
    freed: [],
  };
  const noticed = new NoticeCounter();
  // A new graft keeps the id the file names while no other graft has it, so an exported Bundle
  // imported elsewhere keeps its products' ids (docs/fhir.md "Import").
  const usedIds = new Set(context.takenIds);
  const idFor = (named: string | undefined) => {
    const id = named !== undefined && UUID.test(named) && !usedIds.has(named) ? named : randomUUID();
    usedIds.add(id);
    return id;
  };
  const firstRowOfLot = new Map<string, number>();

  for (const read of rows) {
    const errors = [...read.errors];
    const lot = read.fields.e_Lot as string | undefined;
    const stored = lot ? context.existing.get(lot) : undefined;
    const bankRef = read.fields.e_Eute;
    if (typeof bankRef === 'string' && !bankRefs.has(bankRef)) {
      errors.push(importFieldError('e_Eute', { key: 'importRow.otherBank', params: { bank: bankRef } }));
    }
    if (lot && firstRowOfLot.has(lot)) {
      errors.push(importFieldError('e_Lot', { key: 'importRow.lotAgain', params: { row: firstRowOfLot.get(lot)! } }));
    } else if (lot) {
      firstRowOfLot.set(lot, read.row);
    }
    const foreign = stored !== undefined && stored.euteId !== bank.id;
    if (foreign) {
      errors.push(importFieldError('e_Lot', { key: 'importRow.lotOfOtherBank' }));
    }

    const before = stored ? rowToFields(stored) : NEW_GRAFT_FIELDS;
    const { e_Eute: _bank, [CORRECTION_REASON_COLUMN]: reason = null, ...values } = read.fields;
    const contact = bankContact(read.fields, stored ? before : null, bank);
    if (contact.error) {
      errors.push(contact.error);
    }
    const after: ImportedFields = { ...before, ...values, ...contact.values };
    let clinicId = stored?.clinicId ?? null;
    const clinicName = after.c_Name as string | null;
    if (clinicName === null) {
      clinicId = null;
    } else if (clinicName !== before.c_Name || !stored) {
      const clinic = context.clinics.get(clinicName.toLowerCase());
      if (!clinic) {
        errors.push(importFieldError('c_Name', { key: 'importRow.noSuchClinic', params: { clinic: clinicName } }));
      } else if (!clinic.active) {
        errors.push(importFieldError('c_Name', { key: 'importRow.inactiveClinic', params: { clinic: clinicName } }));
      }
      clinicId = clinic?.id ?? null;
    }
    // Another bank's graft is not checked further: its stored values are none of this bank's business.
    const unreadable = new Set(read.errors.map((error) => error.field));
    if (!foreign) {
      errors.push(...checkImportedGraft(after, unreadable));
      errors.push(...correctionErrors(before, after, reason));
    }
    const status = statusOf(after, today);
    const storedEffective = stored ? effectiveListStatus(stored, today) : null;
    const statusRead = PROCESS_STEP_NAMES.every((step) => !unreadable.has(`${step}.status`));
    const leavesArchive = storedEffective === ListStatus.Archive && status.effective !== ListStatus.Archive;
    if (!foreign && statusRead && leavesArchive) {
      errors.push(importFieldError('listStatus', { key: 'importRow.archivedStays' }));
    }

    if (errors.length > 0 || !lot) {
      plan.failedRows += 1;
      plan.errors.push(...errors.map((error) => ({ row: read.row, lot: read.lotText, ...error })));
      continue;
    }
    noticed.add(contact.taken);
    const changed = changedNames(before, after);
    const sameStatus = stored && stored.listStatus === status.listStatus && stored.clinicId === clinicId;
    if (stored && changed.length === 0 && sameStatus) {
      plan.unchanged += 1;
      continue;
    }
    const derived = { listStatus: status.listStatus, expiryDate: status.expiryDate, clinicId, updatedAt: now };
    if (stored) {
      const changes = { ...fieldsToColumns(pick(after, changed)), ...derived } as GraftUpdate;
      plan.updates.push({
        id: stored.id,
        lot,
        changes,
        row: { ...stored, ...changes } as GraftRow,
        before: pick(before, changed),
        after: pick(after, changed),
        reason: typeof reason === 'string' ? reason : null,
      });
    } else {
      // Completed in place: spreading a 50-column object into a new one costs more than the rest of the row.
      const columns = Object.assign(fieldsToColumns(after), { id: idFor(read.id), euteId: bank.id, createdAt: now });
      plan.inserts.push(Object.assign(columns, derived) as NewGraftRow);
    }
    // A quarantined graft stays out of search and matching whatever an import says of it.
    const open = status.effective === ListStatus.Free && stored?.quarantined !== 1;
    plan.changed.push({ lot, euteId: bank.id, clinicId, free: open });
    if (open && storedEffective !== ListStatus.Free) {
      plan.freed.push({
        e_Lot: lot,
        t_ProdName_2: after.t_ProdName_2 as SearchableGraft['t_ProdName_2'],
        t_Dproximal: after.t_Dproximal as number | null,
        t_Lmax: after.t_Lmax as number | null,
        t_Lleft: after.t_Lleft as number | null,
        t_Lright: after.t_Lright as number | null,
        expiry: { outValue: status.expiryDate },
      });
    }
  }
  plan.notices = noticed.notices(bank);
  return plan;
}
