import type { RequestState } from '../constants/graft-requests';
import type { FieldError } from '../schemas/common';
import { isIsoDate } from './dates';
import { patientCodeErrors } from './patient-code';

// The rules of the clinical record a request leaves behind (docs/decisions.md, "Clinical records"):
// the implantation and the corrections of a recorded step. Server and web apply the same ones.

/** The dates the graft's steps were recorded on, and today (UTC). */
export interface StepDates {
  today: string;
  assignedOn?: string | null;
  deliveredOn?: string | null;
  implantedOn?: string | null;
}

type Bound = readonly [date: string | null | undefined, step: string];

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

function stepDateErrors(field: string, value: unknown, today: string, after?: Bound, before?: Bound): FieldError[] {
  const problem = stepDateProblem(value, today, after?.[0], before?.[0]);
  const messages: Record<StepDateProblem, string> = {
    invalid: 'must be a date yyyy-mm-dd',
    future: `must not be in the future (today is ${today})`,
    beforeEarlierStep: `must not be before the ${after?.[1]} on ${after?.[0]}`,
    afterLaterStep: `must not be after the ${before?.[1]} on ${before?.[0]}`,
  };
  return problem ? [{ field, message: messages[problem] }] : [];
}

const completeCode = (field: string, code: unknown): FieldError[] =>
  patientCodeErrors(typeof code === 'string' ? code : null, { unknownAllowed: false }).map((message) => ({
    field,
    message,
  }));

/** The implant step's body: a real date from the delivery to today, and a complete patient code. */
export function validateImplantation(
  record: { date?: unknown; patient_Code?: unknown },
  dates: StepDates,
): FieldError[] {
  return [
    ...stepDateErrors('date', record.date, dates.today, [dates.deliveredOn, 'delivery']),
    ...completeCode('patient_Code', record.patient_Code),
  ];
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

/** The new value of a correction, checked like the step that recorded it (errors on `value`). */
export function validateCorrection(field: CorrectionField, value: string, dates: StepDates): FieldError[] {
  switch (field) {
    case 'assignedOn':
      return stepDateErrors('value', value, dates.today, undefined, [dates.deliveredOn, 'delivery']);
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
      return value.trim() === '' ? [{ field: 'value', message: 'must not be empty' }] : [];
  }
}
