import type { RequestState } from '../constants/graft-requests';
import { PRIOR_IMPLANTATION_DAYS } from '../constants/graft-requests';
import { isIsoDate, shiftDate } from './dates';
import type { Message, MessageKey } from '../i18n/translate';
import { patientCodeIssues } from './patient-code';
import { wordedFieldError, type WordedFieldError } from './worded-field-error';

// The rules of the clinical record a request leaves behind (docs/decisions.md, "Clinical records"):
// the implantation and the corrections of a recorded step. Server and web apply the same ones.

/** The dates the graft's steps were recorded on, and today: the recording organisation's local day (`localDay`). */
export interface StepDates {
  today: string;
  /** The graft's release by its bank: nothing is assigned before it. */
  releasedOn?: string | null;
  assignedOn?: string | null;
  deliveredOn?: string | null;
  implantedOn?: string | null;
}

type Bound<Step> = readonly [date: string | null | undefined, step: Step];
type EarlierStep = 'release' | 'delivery' | 'assignment';
type LaterStep = 'delivery' | 'implantation';

const BEFORE: Record<EarlierStep, MessageKey> = {
  release: 'validation.beforeRelease',
  delivery: 'validation.beforeDelivery',
  assignment: 'validation.beforeAssignment',
};
const AFTER: Record<LaterStep, MessageKey> = {
  delivery: 'validation.afterDelivery',
  implantation: 'validation.afterImplantation',
};

/** Why a step's date may not be recorded: not a date, in the future, before an earlier or after a later step. */
export type StepDateProblem = 'invalid' | 'future' | 'beforeEarlierStep' | 'afterLaterStep';

/** A real date, not in the future, not before `after` nor after `before` (an earlier and a later step's dates). */
export function stepDateProblem(
  value: unknown,
  today: string,
  after?: string | null,
  before?: string | null,
): StepDateProblem | null {
  if (!isIsoDate(value)) {
    return 'invalid';
  }
  if (value > today) {
    return 'future';
  }
  if (after && value < after) {
    return 'beforeEarlierStep';
  }
  return before && value > before ? 'afterLaterStep' : null;
}

function stepDateErrors(
  field: string,
  value: unknown,
  today: string,
  after?: Bound<EarlierStep>,
  before?: Bound<LaterStep>,
): WordedFieldError[] {
  const problem = stepDateProblem(value, today, after?.[0], before?.[0]);
  if (problem === null) {
    return [];
  }
  const wording = (): Message => {
    switch (problem) {
      case 'invalid':
        return { key: 'validation.isoDate' };
      case 'future':
        return { key: 'validation.notFuture', params: { today } };
      case 'beforeEarlierStep':
        return { key: BEFORE[after![1]], params: { date: after![0]! } };
      case 'afterLaterStep':
        return { key: AFTER[before![1]], params: { date: before![0]! } };
    }
  };
  return [wordedFieldError(field, wording())];
}

const completeCode = (field: string, code: unknown): WordedFieldError[] =>
  patientCodeIssues(typeof code === 'string' ? code : null, { unknownAllowed: false }).map((wording) =>
    wordedFieldError(field, wording),
  );

/** The implant step's body: a real date from the delivery to today, and a complete patient code. */
export function validateImplantation(
  record: { date?: unknown; patient_Code?: unknown },
  dates: StepDates,
): WordedFieldError[] {
  return [
    ...stepDateErrors('date', record.date, dates.today, [dates.deliveredOn, 'delivery']),
    ...completeCode('patient_Code', record.patient_Code),
  ];
}

/** The deliver step's body: a real date from the assignment to today, a carrier and a shipment reference. */
export function validateDelivery(
  record: { date?: unknown; carrier?: unknown; reference?: unknown },
  dates: StepDates,
): WordedFieldError[] {
  const blank = (field: string, value: unknown) =>
    typeof value !== 'string' || value.trim() === '' ? [wordedFieldError(field, { key: 'validation.notEmpty' })] : [];
  return [
    ...(record.date === undefined
      ? []
      : stepDateErrors('date', record.date, dates.today, [dates.assignedOn, 'assignment'])),
    ...blank('carrier', record.carrier),
    ...blank('reference', record.reference),
  ];
}

/**
 * Whether an implantation on `date` falls outside the implant window of the entry it was requested
 * for; never for a request without a window. Recorded, not refused (docs/decisions.md, "One
 * implantation per patient").
 */
export function isOutsideImplantWindow(
  date: string,
  window: { from: string | null | undefined; to: string | null | undefined },
): boolean {
  return (!!window.from && date < window.from) || (!!window.to && date > window.to);
}

/** The first day whose implantations still count as prior ones on `today` (PRIOR_IMPLANTATION_DAYS back). */
export function priorImplantationsSince(today: string): string {
  return shiftDate(today, -PRIOR_IMPLANTATION_DAYS);
}

/** What a correction may change: a step's date, the implanted patient's code, a decline's or return's reason. */
export const CORRECTION_FIELDS = ['assignedOn', 'deliveredOn', 'implantedOn', 'patient_Code', 'reason'] as const;
export type CorrectionField = (typeof CORRECTION_FIELDS)[number];
export type CorrectionSide = 'physician' | 'bank' | 'admin';

const AFTER_ASSIGNMENT: readonly RequestState[] = ['assigned', 'delivered', 'implanted', 'returned'];
const AFTER_DELIVERY: readonly RequestState[] = ['delivered', 'implanted', 'returned'];

/**
 * The recorded values a side may correct in a request's state: the bank its assignment and
 * delivery dates and its decline's reason, the physician the implantation and the return's
 * reason, an admin any of them.
 */
export function correctableFields(state: RequestState, side: CorrectionSide): CorrectionField[] {
  const bank: CorrectionField[] = [
    ...(AFTER_ASSIGNMENT.includes(state) ? (['assignedOn'] as const) : []),
    ...(AFTER_DELIVERY.includes(state) ? (['deliveredOn'] as const) : []),
    ...(state === 'declined' ? (['reason'] as const) : []),
  ];
  const physician: CorrectionField[] =
    state === 'implanted' ? ['implantedOn', 'patient_Code'] : state === 'returned' ? ['reason'] : [];
  if (side === 'admin') {
    return CORRECTION_FIELDS.filter((field) => bank.includes(field) || physician.includes(field));
  }
  return side === 'bank' ? bank : physician;
}

/** Which organisation records each correctable value: its local day dates it (docs/decisions.md "Time zones"). */
export const CORRECTION_RECORDER: Record<CorrectionField, 'clinic' | 'bank'> = {
  assignedOn: 'bank',
  deliveredOn: 'bank',
  implantedOn: 'clinic',
  patient_Code: 'clinic',
  reason: 'clinic',
};

/** The zone whose local day is "today" for a correction of `field` on a request. */
export const correctionTimeZone = (field: CorrectionField, zones: { clinicTimeZone: string; bankTimeZone: string }) =>
  CORRECTION_RECORDER[field] === 'bank' ? zones.bankTimeZone : zones.clinicTimeZone;

/** The new value of a correction, checked like the step that recorded it (errors on `value`). */
export function validateCorrection(field: CorrectionField, value: string, dates: StepDates): WordedFieldError[] {
  switch (field) {
    case 'assignedOn':
      return stepDateErrors(
        'value',
        value,
        dates.today,
        [dates.releasedOn, 'release'],
        [dates.deliveredOn, 'delivery'],
      );
    case 'deliveredOn':
      return stepDateErrors(
        'value',
        value,
        dates.today,
        [dates.assignedOn, 'assignment'],
        [dates.implantedOn, 'implantation'],
      );
    case 'implantedOn':
      return stepDateErrors('value', value, dates.today, [dates.deliveredOn, 'delivery']);
    case 'patient_Code':
      return completeCode('value', value);
    case 'reason':
      return value.trim() === '' ? [wordedFieldError('value', { key: 'validation.notEmpty' })] : [];
  }
}
