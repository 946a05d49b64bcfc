import { NOT_DOCUMENTED } from './dates';

/** Stands for a code nobody entered; each of its parts counts as missing. */
export const PATIENT_CODE_PLACEHOLDER = 'NN-00-0000';

/** `initial-MM-YYYY` (spec §6), where NN, 00 and 0000 stand for a missing initial, month or year. */
export const PATIENT_CODE_PATTERN = '^([A-Z]|NN)-(0[1-9]|1[0-2]|00)-(19\\d{2}|20\\d{2}|2100|0000)$';
const PATIENT_CODE = new RegExp(PATIENT_CODE_PATTERN);

const YEAR_MIN = 1900;
const YEAR_MAX = 2100;

/** The parts of a patient code; null marks a part that is not known. */
export interface PatientCodeParts {
  initial: string | null;
  month: number | null;
  year: number | null;
}

function validInitial(initial: string | null | undefined): string | null {
  const letter = initial?.trim().toUpperCase() ?? '';
  return /^[A-Z]$/.test(letter) ? letter : null;
}

function integerWithin(value: number | null | undefined, min: number, max: number): number | null {
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max ? value : null;
}

const validMonth = (month: number | null | undefined) => integerWithin(month, 1, 12);
const validYear = (year: number | null | undefined) => integerWithin(year, YEAR_MIN, YEAR_MAX);

/**
 * Reads a code back into its parts; placeholders become null parts. Null when the text is not
 * a patient code at all (wrong shape, lowercase initial, month 13, year 1899 ...).
 */
export function parsePatientCode(code: string | null | undefined): PatientCodeParts | null {
  const match = PATIENT_CODE.exec(code ?? '');
  if (!match) {
    return null;
  }
  const [initial, month, year] = match.slice(1) as [string, string, string];
  return {
    initial: validInitial(initial),
    month: validMonth(Number(month)),
    year: validYear(Number(year)),
  };
}

/**
 * Writes parts as a code for the wire, with a placeholder for each part missing or invalid,
 * so the result always passes PATIENT_CODE_PATTERN. A lowercase initial is upper-cased.
 */
export function formatPatientCode(parts: Partial<PatientCodeParts>): string {
  const initial = validInitial(parts.initial) ?? 'NN';
  const month = validMonth(parts.month);
  const year = validYear(parts.year);
  return `${initial}-${month === null ? '00' : String(month).padStart(2, '0')}-${year ?? '0000'}`;
}

/** A code for display: the code when all three parts are known, else `n.d.` (spec §3). */
export function displayPatientCode(code: string | Partial<PatientCodeParts> | null | undefined): string {
  const parts = typeof code === 'string' || code === null || code === undefined ? parsePatientCode(code) : code;
  const complete =
    parts !== null &&
    validInitial(parts.initial) !== null &&
    validMonth(parts.month) !== null &&
    validYear(parts.year) !== null;
  return complete ? formatPatientCode(parts) : NOT_DOCUMENTED;
}

/** A code with all three parts known (`initial-MM-YYYY`, a real month); placeholders and partial codes are not. */
export function isCompletePatientCode(code: string | null | undefined): boolean {
  const parts = parsePatientCode(code);
  return parts !== null && parts.initial !== null && parts.month !== null && parts.year !== null;
}
