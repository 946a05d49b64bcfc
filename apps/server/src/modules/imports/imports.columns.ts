import { IMPORT_COLUMNS, PROCESS_STEP_NAMES, type ImportValue, type ImportedFields } from '@graftmatch/domain';
import type { GraftRow } from '../../db/types';

// Import columns (wire names, docs/import.md) and the graft row's columns they are stored in.
// `e_Eute` and `c_Name` name organisations and are resolved by the service; the rest are values.

type GraftValueKey = Exclude<
  keyof GraftRow,
  'id' | 'euteId' | 'clinicId' | 'listStatus' | 'expiryDate' | 'createdAt' | 'updatedAt'
>;

const SCALAR_KEYS: Record<string, GraftValueKey> = {
  e_Lot: 'eLot',
  x_Lot: 'xLot',
  t_Lot: 'tLot',
  t_ProdName_2: 'tProdName2',
  t_Dproximal: 'tDproximal',
  t_Ddistal: 'tDdistal',
  t_Lmin: 'tLmin',
  t_Lmax: 'tLmax',
  t_Lleft: 'tLleft',
  t_Lright: 'tLright',
  t_Dleft: 'tDleft',
  t_Dright: 'tDright',
  i_Min: 'iMin',
  i_Max: 'iMax',
  a_Implant_Plan: 'aImplantPlan',
  d_Remarks_public: 'dRemarksPublic',
  x_Remarks_public: 'xRemarksPublic',
  patient_Initial: 'patientInitial',
  patient_Month: 'patientMonth',
  patient_Year: 'patientYear',
  physician_Name: 'physicianName',
  physician_EMail: 'physicianEmail',
  physician_Phone: 'physicianPhone',
  processedUntil: 'processedUntil',
  a_Allo_Note: 'aAlloNote',
  a_DeliverNote: 'aDeliverNote',
  x_SEC: 'xSec',
  e_Name: 'eName',
  e_EMail: 'eEmail',
  a_Requestor: 'aRequestor',
  c_Name: 'cName',
};

/** Each stored import column by wire name; `e_Eute` is the bank and has no column of its own. */
export const ROW_KEYS: ReadonlyMap<string, GraftValueKey> = new Map([
  ...Object.entries(SCALAR_KEYS),
  ...PROCESS_STEP_NAMES.flatMap((step): [string, GraftValueKey][] => [
    [`${step}.status`, `${step}Status`],
    [`${step}.outValue`, `${step}Out`],
  ]),
]);

/** The column names the importer reads, in template order. */
export const IMPORT_COLUMN_NAMES = IMPORT_COLUMNS.map((column) => column.name);

/** A stored graft as import values, so a row's values can be laid over it and compared with it. */
export function rowToFields(row: GraftRow): ImportedFields {
  const fields: ImportedFields = {};
  for (const [name, key] of ROW_KEYS) {
    fields[name] = row[key] as ImportValue;
  }
  return fields;
}

/** The stored columns of import values; only columns named in `fields`. */
export function fieldsToColumns(fields: ImportedFields): Partial<Record<GraftValueKey, ImportValue>> {
  const columns: Partial<Record<GraftValueKey, ImportValue>> = {};
  for (const [name, value] of Object.entries(fields)) {
    const key = ROW_KEYS.get(name);
    if (key) {
      columns[key] = value;
    }
  }
  return columns;
}
