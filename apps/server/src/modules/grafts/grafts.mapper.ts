import {
  FILE_KINDS,
  ListStatus,
  PROCESS_STEP_NAMES,
  isExpired,
  isOpenForMatching,
  isGraftTypeNumber,
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
  };
}

/** Groups file rows by graft id, into the graft's file-list fields (the factsheet has none). */
export function fileListsByGraft(files: readonly GraftFileRow[]): Map<string, FileLists> {
  const byGraft = new Map<string, FileLists>();
  for (const file of files) {
    const field = FILE_KINDS.find((info) => info.name === file.kind)?.graftField;
    if (!field) {
      continue;
    }
    const lists = byGraft.get(file.graftId) ?? emptyFileLists();
    lists[field].push({ name: file.name, size: Number(file.size), contentType: file.contentType });
    byGraft.set(file.graftId, lists);
  }
  return byGraft;
}

function stepsOf(row: GraftRow): Record<ProcessStepName, ProcessStep> {
  return Object.fromEntries(
    PROCESS_STEP_NAMES.map((name) => [name, { status: row[`${name}Status`], outValue: row[`${name}Out`] }]),
  ) as Record<ProcessStepName, ProcessStep>;
}

export function graftRowToGraft(row: GraftRow, files: FileLists | undefined, today: string): Graft {
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
    ...(files ?? emptyFileLists()),
    ...stepsOf(row),
    e_Name: row.eName,
    e_Eute: row.euteId,
    e_EMail: row.eEmail,
    a_Requestor: row.aRequestor,
    c_Name: row.cName,
  };
}
