import {
  PATIENT_CODE_PLACEHOLDER,
  formatPatientCode,
  fullName,
  parsePatientCode,
  patientPartProblems,
  validateWaitingListRequest,
  type AddWaitingListRequest,
  type FieldError,
  type GraftSearchQuery,
  type PatientCodePart,
  type PatientCodeParts,
  type PatientPartProblem,
  type User,
  type WaitingListEntry,
} from '@graftmatch/domain';
import dayjs from 'dayjs';
import { entryQuery } from '../grafts/searchQuery';

/** What the waiting-list form edits, before it becomes a request. */
export interface WaitingListFormState {
  query: GraftSearchQuery;
  patient: PatientCodeParts;
  /** "Not known yet": sent as NN-00-0000 (docs/decisions.md, "Patient codes"). */
  patientUnknown: boolean;
  from: string | null;
  until: string | null;
  name: string;
  email: string;
  phone: string;
}

// The implant window has to start somewhere; three months from today is a common planning horizon.
const DEFAULT_WINDOW_MONTHS = 3;

export function newEntryState(query: GraftSearchQuery, user: User | undefined, today = dayjs()): WaitingListFormState {
  return {
    query,
    patient: { initial: null, month: null, year: null },
    patientUnknown: false,
    from: today.format('YYYY-MM-DD'),
    until: today.add(DEFAULT_WINDOW_MONTHS, 'month').format('YYYY-MM-DD'),
    name: user ? fullName(user) : '',
    email: user?.email ?? '',
    phone: user?.phone ?? '',
  };
}

export function entryState(entry: WaitingListEntry): WaitingListFormState {
  return {
    query: entryQuery(entry),
    patient: parsePatientCode(entry.patient_Code) ?? { initial: null, month: null, year: null },
    patientUnknown: entry.patient_Code === PATIENT_CODE_PLACEHOLDER,
    from: entry.query_i_min,
    until: entry.query_i_max,
    name: entry.physician_Name ?? '',
    email: entry.physician_Email ?? '',
    phone: entry.physician_Phone ?? '',
  };
}

/** The wire body (request spelling, docs/decisions.md §4); empty contact fields are left out, not sent empty. */
export function toRequest(state: WaitingListFormState): AddWaitingListRequest {
  const optional = (key: 'physician_Name' | 'physician_Email' | 'physician_Phone', value: string) =>
    value.trim() ? { [key]: value.trim() } : {};
  return {
    ...state.query,
    ...optional('physician_Name', state.name),
    ...optional('physician_Email', state.email),
    ...optional('physician_Phone', state.phone),
    patient_Code: state.patientUnknown ? PATIENT_CODE_PLACEHOLDER : formatPatientCode(state.patient),
    query_i_min: state.from ?? '',
    query_i_Max: state.until ?? '',
  };
}

/** What is wrong with each typed part of the patient code; nothing when the patient is not known yet. */
export function patientProblems(state: WaitingListFormState): Partial<Record<PatientCodePart, PatientPartProblem>> {
  return state.patientUnknown ? {} : patientPartProblems(state.patient);
}

/**
 * The domain's rules, keyed by field for the form. The patient code is judged on its typed parts,
 * since writing month 13 into a code would turn it into a placeholder.
 */
export function formErrors(state: WaitingListFormState): Partial<Record<string, FieldError>> {
  const byField: Partial<Record<string, FieldError>> = {};
  for (const error of validateWaitingListRequest(toRequest(state))) {
    byField[error.field] ??= error;
  }
  delete byField.patient_Code;
  const parts = Object.keys(patientProblems(state));
  if (parts.length > 0) {
    byField.patient_Code = { field: 'patient_Code', message: `check ${parts.join(', ')}` };
  }
  return byField;
}
