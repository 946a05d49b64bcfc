import { PROCESS_STEP_NAMES, type ProcessStepName } from './process-steps';
import { PATIENT_CODE_BOUNDS } from '../rules/patient-code';
import { SEARCH_BOUNDS } from './search-bounds';

/**
 * How a cell of an import column is read and checked (docs/import.md lists every column):
 * - `lot`: a lot as `e_Lot` allows; `type`: graft type 1–8; `mm`: millimetres within `range`;
 * - `int`: a whole number within `range`; `date`: a real calendar date `yyyy-mm-dd`;
 * - `status`: a process step's status 0 (open), 1 (done) or 2 (failed);
 * - `text`: free text up to `maxLength`; `email`; `letter`: one letter A–Z;
 * - `sec`: the Single European Code; `bank`: the tissue bank by id or EUTE number;
 * - `clinic`: the assigned clinic by its name.
 */
export type ImportColumnKind =
  'lot' | 'type' | 'mm' | 'int' | 'date' | 'status' | 'text' | 'email' | 'letter' | 'sec' | 'bank' | 'clinic';

export interface ImportColumn {
  /** The wire name (spec §3); a process step's two values are `<step>.status` and `<step>.outValue`. */
  readonly name: string;
  readonly kind: ImportColumnKind;
  readonly range?: { readonly min: number; readonly max: number };
  readonly maxLength?: number;
  /** An example value, as written in the template. */
  readonly example: string;
}

const { diameter, totalLength, branchLength } = SEARCH_BOUNDS;
const SHORT = 200;
const REMARK = 2000;

/** The date steps: their out value is the day the step was done (for `expiry`, the expiry date). */
const DATE_STEPS: readonly ProcessStepName[] = ['decellularization', 'release', 'assignment', 'delivery', 'expiry'];

const stepColumns = (step: ProcessStepName, status: string, outValue: string): ImportColumn[] => [
  { name: `${step}.status`, kind: 'status', example: status },
  DATE_STEPS.includes(step)
    ? { name: `${step}.outValue`, kind: 'date', example: outValue }
    : { name: `${step}.outValue`, kind: 'text', maxLength: SHORT, example: outValue },
];

const STEP_EXAMPLES: Record<ProcessStepName, [string, string]> = {
  decellularization: ['1', '2026-01-12'],
  release: ['1', '2026-01-20'],
  assignment: ['0', ''],
  delivery: ['0', ''],
  implantation: ['0', ''],
  expiry: ['0', '2030-01-20'],
  traceabilityReport: ['0', ''],
};

/** Read, never stored: the reason for correcting an assigned graft goes into the audit row (docs/import.md). */
export const CORRECTION_REASON_COLUMN = 'correctionReason';

/** Every column an import reads and an export writes, in the order of the template. */
export const IMPORT_COLUMNS: readonly ImportColumn[] = [
  { name: 'e_Lot', kind: 'lot', example: 'EB1-2026-0042' },
  { name: 'x_Lot', kind: 'text', maxLength: 64, example: 'PX26-1-0042' },
  { name: 't_Lot', kind: 'text', maxLength: 64, example: 'TL123456' },
  { name: 't_ProdName_2', kind: 'type', example: '5' },
  { name: 't_Dproximal', kind: 'mm', range: diameter, example: '22.5' },
  { name: 't_Ddistal', kind: 'mm', range: diameter, example: '24' },
  { name: 't_Lmin', kind: 'mm', range: totalLength, example: '30' },
  { name: 't_Lmax', kind: 'mm', range: totalLength, example: '55' },
  { name: 't_Lleft', kind: 'mm', range: branchLength, example: '' },
  { name: 't_Lright', kind: 'mm', range: branchLength, example: '' },
  { name: 't_Dleft', kind: 'mm', range: diameter, example: '' },
  { name: 't_Dright', kind: 'mm', range: diameter, example: '' },
  { name: 'i_Min', kind: 'date', example: '' },
  { name: 'i_Max', kind: 'date', example: '' },
  { name: 'a_Implant_Plan', kind: 'text', maxLength: SHORT, example: '' },
  { name: 'd_Remarks_public', kind: 'text', maxLength: REMARK, example: 'Donor without relevant history.' },
  { name: 'x_Remarks_public', kind: 'text', maxLength: REMARK, example: 'Sterility tests negative.' },
  { name: 'patient_Initial', kind: 'letter', example: '' },
  { name: 'patient_Month', kind: 'int', range: PATIENT_CODE_BOUNDS.month, example: '' },
  { name: 'patient_Year', kind: 'int', range: PATIENT_CODE_BOUNDS.year, example: '' },
  { name: 'physician_Name', kind: 'text', maxLength: SHORT, example: '' },
  { name: 'physician_EMail', kind: 'email', example: '' },
  { name: 'physician_Phone', kind: 'text', maxLength: 50, example: '' },
  { name: 'processedUntil', kind: 'date', example: '2026-01-12' },
  { name: 'a_Allo_Note', kind: 'text', maxLength: REMARK, example: '' },
  { name: 'a_DeliverNote', kind: 'text', maxLength: REMARK, example: '' },
  { name: 'x_SEC', kind: 'sec', example: 'DE000123 2026000000042 E0042105 001 20300120' },
  { name: 'e_Name', kind: 'text', maxLength: SHORT, example: '' },
  { name: 'e_Eute', kind: 'bank', example: 'DE000123' },
  { name: 'e_EMail', kind: 'email', example: 'grafts@bank-north.example' },
  { name: 'a_Requestor', kind: 'text', maxLength: SHORT, example: '' },
  { name: 'c_Name', kind: 'clinic', maxLength: SHORT, example: '' },
  ...PROCESS_STEP_NAMES.flatMap((step) => stepColumns(step, ...STEP_EXAMPLES[step])),
  { name: CORRECTION_REASON_COLUMN, kind: 'text', maxLength: 500, example: '' },
];

export const IMPORT_COLUMN_NAMES: readonly string[] = IMPORT_COLUMNS.map((column) => column.name);

/** The largest file `POST /api/import/grafts` takes (docs/import.md). */
export const IMPORT_MAX_BYTES = 50 * 1024 * 1024;
/** The most data rows one file may hold. */
export const IMPORT_MAX_ROWS = 200_000;
