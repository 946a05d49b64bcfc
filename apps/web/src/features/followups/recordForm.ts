import {
  translate,
  translateMessage,
  validateFollowUpRecord,
  type DEATH_CAUSES,
  type EXPLANT_REASONS,
  type FollowUp,
  type FollowUpDates,
  type FollowUpRecordInput,
  type GRAFT_STATUSES,
  type Language,
  type NYHA_CLASSES,
  type PATIENT_STATUSES,
  type REGURGITATION_GRADES,
  type REINTERVENTION_KINDS,
} from '@graftmatch/domain';
import type { TFunction } from 'i18next';
import { shownFieldMessage, type FieldLabels } from '../../lib/formRefusal';

// The follow-up form's state and rules (docs/decisions.md "Follow-ups"): what the physician chose,
// the record it sends (only the details its choices ask for), and the domain's own rules between
// the fields, so the form and the server refuse the same things in the same words.

type Of<T extends readonly string[]> = T[number];

export interface RecordFormState {
  date: string;
  patientStatus: Of<typeof PATIENT_STATUSES> | null;
  deathDate: string;
  deathCause: Of<typeof DEATH_CAUSES> | null;
  graftStatus: Of<typeof GRAFT_STATUSES> | null;
  reinterventionDate: string;
  reinterventionKind: Of<typeof REINTERVENTION_KINDS> | null;
  explantDate: string;
  explantReason: Of<typeof EXPLANT_REASONS> | null;
  explantReasonText: string;
  endocarditis: boolean;
  thromboembolism: boolean;
  majorBleeding: boolean;
  /** As the number inputs hold them: empty when not measured. */
  peakGradient: number | string;
  meanGradient: number | string;
  regurgitation: Of<typeof REGURGITATION_GRADES> | null;
  nyhaClass: Of<typeof NYHA_CLASSES> | null;
}

/** A fresh form on the clinic's `today`: nothing chosen, no event, nothing measured. */
export function newRecordState(today: string): RecordFormState {
  return {
    date: today,
    patientStatus: null,
    deathDate: '',
    deathCause: null,
    graftStatus: null,
    reinterventionDate: '',
    reinterventionKind: null,
    explantDate: '',
    explantReason: null,
    explantReasonText: '',
    endocarditis: false,
    thromboembolism: false,
    majorBleeding: false,
    peakGradient: '',
    meanGradient: '',
    regurgitation: null,
    nyhaClass: null,
  };
}

const dayOrNull = (day: string) => (day.trim() === '' ? null : day.trim());
const gradient = (value: number | string) => (value === '' || value === null ? null : Number(value));

/**
 * The record the form sends once both statuses are chosen (null before): the details of a death,
 * a reintervention or an explant only with it, measurements only when taken.
 */
export function toRecordInput(state: RecordFormState): FollowUpRecordInput | null {
  const { patientStatus, graftStatus } = state;
  if (patientStatus === null || graftStatus === null) {
    return null;
  }
  const measured = <K extends string, V>(key: K, value: V | null) =>
    value === null ? {} : ({ [key]: value } as Record<K, V>);
  return {
    date: state.date,
    patientStatus,
    graftStatus,
    ...(patientStatus === 'died' ? { deathDate: dayOrNull(state.deathDate), deathCause: state.deathCause } : {}),
    ...(graftStatus === 'reintervention'
      ? { reinterventionDate: dayOrNull(state.reinterventionDate), reinterventionKind: state.reinterventionKind }
      : {}),
    ...(graftStatus === 'explanted'
      ? {
          explantDate: dayOrNull(state.explantDate),
          explantReason: state.explantReason,
          ...(state.explantReason === 'other' ? { explantReasonText: state.explantReasonText.trim() || null } : {}),
        }
      : {}),
    endocarditis: state.endocarditis,
    thromboembolism: state.thromboembolism,
    majorBleeding: state.majorBleeding,
    ...measured('peakGradient', gradient(state.peakGradient)),
    ...measured('meanGradient', gradient(state.meanGradient)),
    ...measured('regurgitation', state.regurgitation),
    ...measured('nyhaClass', state.nyhaClass),
  };
}

/** The form's fields by the names the server gives them, labelled as the form shows them. */
export const recordLabels = (t: TFunction, unscheduled = false): FieldLabels => ({
  date: t(unscheduled ? 'followups.field.eventDate' : 'followups.field.date'),
  patientStatus: t('followups.field.patient'),
  deathDate: t('followups.field.deathDate'),
  deathCause: t('followups.field.deathCause'),
  graftStatus: t('followups.field.graft'),
  reinterventionDate: t('followups.field.reinterventionDate'),
  reinterventionKind: t('followups.field.reinterventionKind'),
  explantDate: t('followups.field.explantDate'),
  explantReason: t('followups.field.explantReason'),
  explantReasonText: t('followups.field.explantReasonText'),
  endocarditis: t('followups.field.endocarditis'),
  thromboembolism: t('followups.field.thromboembolism'),
  majorBleeding: t('followups.field.majorBleeding'),
  peakGradient: t('followups.field.peakGradient'),
  meanGradient: t('followups.field.meanGradient'),
  regurgitation: t('followups.field.regurgitation'),
  nyhaClass: t('followups.field.nyhaClass'),
});

/**
 * What is wrong with the form, by field, worded as the server words it and named by the fields'
 * labels: a status not chosen, then the domain's rules (`validateFollowUpRecord`).
 */
export function recordErrors(
  state: RecordFormState,
  dates: FollowUpDates,
  labels: FieldLabels,
  language: Language,
): Partial<Record<string, string>> {
  const errors: Partial<Record<string, string>> = {};
  const required = translate(language, 'validation.required');
  for (const field of ['patientStatus', 'graftStatus'] as const) {
    if (state[field] === null) {
      errors[field] = shownFieldMessage(required, labels[field], labels);
    }
  }
  // The rest is judged at once too, as if nothing had happened where nothing is chosen yet.
  const input = toRecordInput({
    ...state,
    patientStatus: state.patientStatus ?? 'alive',
    graftStatus: state.graftStatus ?? 'functioning',
  })!;
  for (const error of validateFollowUpRecord(input, dates)) {
    errors[error.field] ??= shownFieldMessage(translateMessage(language, error.wording), labels[error.field], labels);
  }
  return errors;
}

/** An explant that may be a serious adverse reaction, for which the form offers a vigilance report. */
export const offersVigilance = (input: FollowUpRecordInput): boolean =>
  input.graftStatus === 'explanted' &&
  (input.explantReason === 'endocarditis' || input.explantReason === 'structural-deterioration');

/** The visit as the lists name it: "30 days", "2 years", "Event". */
export function visitLabel(t: TFunction, followUp: Pick<FollowUp, 'visit'>): string {
  const years = followUp.visit === null ? undefined : /^P(\d+)Y$/.exec(followUp.visit)?.[1];
  if (followUp.visit === null) {
    return t('followups.visit.unscheduled');
  }
  return years === undefined ? t('followups.visit.days30') : t('followups.visit.years', { count: Number(years) });
}
