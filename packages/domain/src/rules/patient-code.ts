import { translateMessage, type Message, type MessageKey } from '../i18n/translate';
import { NOT_DOCUMENTED } from './dates';

/** Stands for a code nobody entered; each of its parts counts as missing. */
export const PATIENT_CODE_PLACEHOLDER = 'NN-00-0000';

/** `initial-MM-YYYY` (spec §6), where NN, 00 and 0000 stand for a missing initial, month or year. */
export const PATIENT_CODE_PATTERN = '^([A-Z]|NN)-(0[1-9]|1[0-2]|00)-(19\\d{2}|20\\d{2}|2100|0000)$';
const PATIENT_CODE = new RegExp(PATIENT_CODE_PATTERN);

/** The parts' bounds: an initial of one letter, a month, and the years of birth a code can hold. */
export const PATIENT_CODE_BOUNDS = {
  initialLength: 1,
  month: { min: 1, max: 12 },
  year: { min: 1900, max: 2100 },
} as const;
const { month: MONTH, year: YEAR } = PATIENT_CODE_BOUNDS;

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

const validMonth = (month: number | null | undefined) => integerWithin(month, MONTH.min, MONTH.max);
const validYear = (year: number | null | undefined) => integerWithin(year, YEAR.min, YEAR.max);

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

export type PatientCodePart = keyof PatientCodeParts;
/** Why a part fails: left empty (or a placeholder), or outside its range. */
export type PatientPartProblem = 'missing' | 'invalid';

/**
 * What is wrong with each entered part of a code that must be complete (docs/decisions.md,
 * "Patient codes"): parts as typed, so month 13 is reported, not cleared.
 */
export function patientPartProblems(parts: PatientCodeParts): Partial<Record<PatientCodePart, PatientPartProblem>> {
  const problems: Partial<Record<PatientCodePart, PatientPartProblem>> = {};
  const check = (part: PatientCodePart, value: string | number | null, valid: boolean) => {
    if (value === null || value === '') {
      problems[part] = 'missing';
    } else if (!valid) {
      problems[part] = 'invalid';
    }
  };
  check('initial', parts.initial, validInitial(parts.initial) !== null);
  check('month', parts.month, validMonth(parts.month) !== null);
  check('year', parts.year, validYear(parts.year) !== null);
  return problems;
}

const PART_MESSAGES: Record<PatientCodePart, Record<PatientPartProblem, MessageKey>> = {
  initial: { missing: 'validation.initialMissing', invalid: 'validation.initialInvalid' },
  month: { missing: 'validation.monthMissing', invalid: 'validation.monthInvalid' },
  year: { missing: 'validation.yearMissing', invalid: 'validation.yearInvalid' },
};

const LOOSE_CODE = /^([^-]*)-([^-]*)-([^-]*)$/;

/** The parts of a code as written, placeholders as missing and anything unreadable kept as invalid. */
function writtenParts(code: string): PatientCodeParts | null {
  const match = LOOSE_CODE.exec(code);
  if (!match) {
    return null;
  }
  const [initial, month, year] = match.slice(1) as [string, string, string];
  const number = (text: string, placeholder: string, digits: number) =>
    text === placeholder ? null : new RegExp(`^\\d{${digits}}$`).test(text) ? Number(text) : Number.NaN;
  const letter = initial === 'NN' ? null : /^[A-Z]$/.test(initial) ? initial : '?';
  return { initial: letter, month: number(month, '00', 2), year: number(year, '0000', 4) };
}

/**
 * Why a patient code given as text may not be stored, each message naming its part: a complete
 * code always passes, the placeholder `NN-00-0000` only where "not known yet" is allowed, a
 * partial code never (docs/decisions.md, "Patient codes").
 */
export function patientCodeIssues(code: string | null | undefined, options: { unknownAllowed: boolean }): Message[] {
  if (code === PATIENT_CODE_PLACEHOLDER) {
    return options.unknownAllowed ? [] : [{ key: 'validation.namesPatient' }];
  }
  const parts = writtenParts(code ?? '');
  if (parts === null) {
    return [{ key: 'validation.codeShape' }];
  }
  const problems = patientPartProblems(parts);
  return (Object.keys(problems) as PatientCodePart[]).map((part) => ({ key: PART_MESSAGES[part][problems[part]!] }));
}

/** `patientCodeIssues` in English. */
export const patientCodeErrors = (code: string | null | undefined, options: { unknownAllowed: boolean }): string[] =>
  patientCodeIssues(code, options).map((issue) => translateMessage('en', issue));

/** True for a code with all three parts known. */
export const isCompletePatientCode = (code: string | null | undefined): boolean =>
  patientCodeErrors(code, { unknownAllowed: false }).length === 0;
