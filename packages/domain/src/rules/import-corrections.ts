import { IMPORT_COLUMNS } from '../constants/import-columns';
import { PROCESS_STEP_NAMES, StepStatus } from '../constants/process-steps';
import type { ImportedFields } from './graft-import-row';

// Once a graft is assigned, its traceability record is what a bank's report and a vigilance
// investigation rest on; an import may still correct it, but only with a reason (docs/import.md
// "Corrections").

/** The fields a correction of an assigned graft must give a reason for: lots, SEC, dimensions (every mm column), step dates, clinic, patient code. */
export const TRACEABILITY_FIELDS: readonly string[] = [
  'x_Lot',
  't_Lot',
  'x_SEC',
  ...IMPORT_COLUMNS.filter((column) => column.kind === 'mm').map((column) => column.name),
  ...PROCESS_STEP_NAMES.map((step) => `${step}.outValue`),
  'c_Name',
  'patient_Initial',
  'patient_Month',
  'patient_Year',
];

/** True once the graft's assignment step is done; it stays so in the Archive after implantation. */
export function isAssignedGraft(stored: Readonly<ImportedFields>): boolean {
  return stored['assignment.status'] === StepStatus.Done;
}

/**
 * The traceability fields of an assigned graft whose recorded value `after` changes or clears;
 * recording a value for the first time (a delivery date, say) is the process going on, not a correction.
 */
export function correctedTraceabilityFields(
  stored: Readonly<ImportedFields>,
  after: Readonly<ImportedFields>,
): string[] {
  if (!isAssignedGraft(stored)) {
    return [];
  }
  return TRACEABILITY_FIELDS.filter((field) => {
    const before = stored[field] ?? null;
    return before !== null && (after[field] ?? null) !== before;
  });
}
