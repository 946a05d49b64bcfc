import {
  FILE_KINDS,
  ListStatus,
  PROCESS_STEP_NAMES,
  isExpired,
  isOpenForMatching,
  isGraftTypeNumber,
  isRecord,
  firstVersionName,
  StepStatus,
  type Graft,
  type GraftFile,
  type GraftFileField,
  type ProcessStep,
  type ProcessStepName,
} from '@graftmatch/domain';
import type { GraftFileRow, GraftRow } from '../../db/types';

// Rows stay apart from wire types (docs/decisions.md §11): this presenter turns a graft row and its
// files into the Graft of spec §3.

/** The list a reader sees on `today`: stored status, with expiry applied (docs/decisions.md §6). */
export function effectiveListStatus(
  row: Pick<GraftRow, 'listStatus' | 'expiryDate'>,
  today: string,
): ListStatus | null {
  if (row.listStatus === null) {
    return null;
  }
  return row.listStatus !== ListStatus.Archive && isExpired(row.expiryDate, today)
    ? ListStatus.Archive
    : row.listStatus;
}

/** Whether search, matching and requests may offer the graft on `today`: Free and not quarantined. */
export function isOpenOn(row: Pick<GraftRow, 'listStatus' | 'expiryDate' | 'quarantined'>, today: string): boolean {
  return isOpenForMatching(effectiveListStatus(row, today), row.quarantined === 1);
}

type FileLists = Record<GraftFileField, GraftFile[]>;

function emptyFileLists(): FileLists {
  return {
    stlFiles: [],
    fotoFiles: [],
    releaseStatementFiles: [],
    allocationNotificationFiles: [],
    deliveryNoteFiles: [],
    dicomFiles: [],
    traceabilityReportFiles: [],
    vigilanceReportFiles: [],
  };
}

/** Groups file rows by graft id. */
export function filesByGraft(files: readonly GraftFileRow[]): Map<string, GraftFileRow[]> {
  const byGraft = new Map<string, GraftFileRow[]>();
  for (const file of files) {
    const ofGraft = byGraft.get(file.graftId) ?? [];
    ofGraft.push(file);
    byGraft.set(file.graftId, ofGraft);
  }
  return byGraft;
}

/**
 * A graft's files in its file-list fields (the factsheet has none): each document's versions
 * together, oldest first, documents by the name of their first version; whether each is current
 * and a record (docs/decisions.md, "Records").
 */
function fileListsOf(row: GraftRow, files: readonly GraftFileRow[]): FileLists {
  const superseded = new Set(files.map((file) => file.supersedesId).filter((id) => id !== null));
  const ordered = files
    .map((file) => ({ file, first: firstVersionName(file, files) }))
    .sort((a, b) => (a.first === b.first ? a.file.version - b.file.version : a.first < b.first ? -1 : 1));
  const assigned = row.assignmentStatus === StepStatus.Done;
  const lists = emptyFileLists();
  for (const { file } of ordered) {
    const field = FILE_KINDS.find((info) => info.name === file.kind)?.graftField;
    if (!field) {
      continue;
    }
    const facts = {
      kind: file.kind,
      generated: file.generated === 1,
      version: file.version,
      superseded: superseded.has(file.id),
    };
    lists[field].push({
      name: file.name,
      size: Number(file.size),
      contentType: file.contentType,
      version: file.version,
      current: !facts.superseded,
      record: isRecord(facts, assigned),
      reason: file.reason,
      createdAt: file.createdAt,
    });
  }
  return lists;
}

function stepsOf(row: GraftRow): Record<ProcessStepName, ProcessStep> {
  return Object.fromEntries(
    PROCESS_STEP_NAMES.map((name) => [name, { status: row[`${name}Status`], outValue: row[`${name}Out`] }]),
  ) as Record<ProcessStepName, ProcessStep>;
}

export function graftRowToGraft(row: GraftRow, files: readonly GraftFileRow[] | undefined, today: string): Graft {
  const type = row.tProdName2;
  if (!isGraftTypeNumber(type)) {
    throw new Error(`graft ${row.eLot} has an unknown type ${type}`);
  }
  return {
    e_Lot: row.eLot,
    x_Lot: row.xLot,
    t_Lot: row.tLot,
    t_ProdName_2: type,
    listStatus: effectiveListStatus(row, today) ?? ListStatus.Archive,
    t_Dproximal: row.tDproximal,
    t_Ddistal: row.tDdistal,
    t_Lmin: row.tLmin,
    t_Lmax: row.tLmax,
    t_Lleft: row.tLleft,
    t_Lright: row.tLright,
    t_Dleft: row.tDleft,
    t_Dright: row.tDright,
    i_Min: row.iMin,
    i_Max: row.iMax,
    a_Implant_Plan: row.aImplantPlan,
    d_Remarks_public: row.dRemarksPublic,
    x_Remarks_public: row.xRemarksPublic,
    patient_Initial: row.patientInitial,
    patient_Month: row.patientMonth,
    patient_Year: row.patientYear,
    physician_Name: row.physicianName,
    physician_EMail: row.physicianEmail,
    physician_Phone: row.physicianPhone,
    processedUntil: row.processedUntil,
    a_Allo_Note: row.aAlloNote,
    a_DeliverNote: row.aDeliverNote,
    x_SEC: row.xSec,
    ...fileListsOf(row, files ?? []),
    ...stepsOf(row),
    e_Name: row.eName,
    e_Eute: row.euteId,
    e_EMail: row.eEmail,
    a_Requestor: row.aRequestor,
    c_Name: row.cName,
  };
}
