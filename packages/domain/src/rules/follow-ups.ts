import {
  FOLLOW_UP_FIRST_DAYS,
  FOLLOW_UP_WINDOW_DAYS,
  FOLLOW_UP_YEARS,
  type FollowUpState,
  type FollowUpStoredState,
} from '../constants/follow-ups';
import type { Message } from '../i18n/translate';
import type { FollowUpRecord, FollowUpRecordInput } from '../schemas/follow-ups';
import { isIsoDate, shiftDate } from './dates';
import { wordedFieldError, type WordedFieldError } from './worded-field-error';

// The rules of follow-ups after an implantation (docs/decisions.md "Follow-ups"): the schedule, the
// state of a follow-up on a day, and the rules between the fields of a record. Dates are the
// clinic's local days (`localDay`), written `yyyy-mm-dd`.

/**
 * The same day `years` calendar years later. 29 February falls on 28 February in a common year;
 * each anniversary counts from the day itself, so a leap year's anniversary is 29 February again.
 */
export function addCalendarYears(date: string, years: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const target = year + years;
  const lastOfMonth = new Date(Date.UTC(target, month, 0)).getUTCDate();
  const pad = (value: number, width: number) => String(value).padStart(width, '0');
  return `${pad(target, 4)}-${pad(month, 2)}-${pad(Math.min(day, lastOfMonth), 2)}`;
}

export interface ScheduledVisit {
  /** The visit as an ISO 8601 duration after the implantation: `P30D`, `P1Y` … `P10Y`. */
  visit: string;
  dueOn: string;
}

/** The schedule of an implantation on `implantedOn`: 30 days, then every anniversary to 10 years. */
export function followUpSchedule(implantedOn: string): ScheduledVisit[] {
  return [
    { visit: `P${FOLLOW_UP_FIRST_DAYS}D`, dueOn: shiftDate(implantedOn, FOLLOW_UP_FIRST_DAYS) },
    ...Array.from({ length: FOLLOW_UP_YEARS }, (_, index) => ({
      visit: `P${index + 1}Y`,
      dueOn: addCalendarYears(implantedOn, index + 1),
    })),
  ];
}

/** The first day a follow-up due on `dueOn` can be recorded. */
export const followUpOpensOn = (dueOn: string): string => shiftDate(dueOn, -FOLLOW_UP_WINDOW_DAYS);

/**
 * How a follow-up reads on `today`: a stored state as it is; an open one is upcoming before its
 * window opens, due from then to its due day, and overdue after it, until recorded or marked lost.
 */
export function followUpState(
  followUp: { state: FollowUpStoredState; dueOn: string | null },
  today: string,
): FollowUpState {
  if (followUp.state !== 'open') {
    return followUp.state;
  }
  if (followUp.dueOn !== null && today < followUpOpensOn(followUp.dueOn)) {
    return 'upcoming';
  }
  return followUp.dueOn !== null && today > followUp.dueOn ? 'overdue' : 'due';
}

/**
 * The due days that make an open follow-up each state on `today`, for a query: overdue before
 * `dueFrom`, due from `dueFrom` to `dueUntil`, upcoming after `dueUntil`.
 */
export function followUpDueDays(today: string): { dueFrom: string; dueUntil: string } {
  return { dueFrom: today, dueUntil: shiftDate(today, FOLLOW_UP_WINDOW_DAYS) };
}

/** A record with every detail present: left out is none (null), no event (false). */
export function completeFollowUpRecord(input: FollowUpRecordInput): FollowUpRecord {
  return {
    date: input.date,
    patientStatus: input.patientStatus,
    deathDate: input.deathDate ?? null,
    deathCause: input.deathCause ?? null,
    graftStatus: input.graftStatus,
    reinterventionDate: input.reinterventionDate ?? null,
    reinterventionKind: input.reinterventionKind ?? null,
    explantDate: input.explantDate ?? null,
    explantReason: input.explantReason ?? null,
    explantReasonText: input.explantReasonText?.trim() || null,
    peakGradient: input.peakGradient ?? null,
    meanGradient: input.meanGradient ?? null,
    regurgitation: input.regurgitation ?? null,
    nyhaClass: input.nyhaClass ?? null,
    endocarditis: input.endocarditis ?? false,
    thromboembolism: input.thromboembolism ?? false,
    majorBleeding: input.majorBleeding ?? false,
  };
}

export interface FollowUpDates {
  /** The clinic's local day. */
  today: string;
  implantedOn: string;
  /** An unscheduled record must record an event: a death, a reintervention or an explant. */
  unscheduled?: boolean;
}

/**
 * The rules between a record's fields, as field errors (none: valid). The follow-up's date lies
 * from the implantation to today; a death, reintervention or explant has its date (from the
 * implantation to the follow-up's date) and its details, and only then; the mean gradient is not
 * above the peak.
 */
export function validateFollowUpRecord(input: FollowUpRecordInput, dates: FollowUpDates): WordedFieldError[] {
  const record = completeFollowUpRecord(input);
  const errors: WordedFieldError[] = [];
  const fail = (field: keyof FollowUpRecord, wording: Message) => errors.push(wordedFieldError(field, wording));
  /** A day from the implantation to `latest`, which `tooLate` words. */
  const day = (field: keyof FollowUpRecord, value: string | null, latest: string, tooLate: Message) => {
    if (value === null) {
      fail(field, { key: 'validation.required' });
    } else if (!isIsoDate(value)) {
      fail(field, { key: 'validation.isoDate' });
    } else if (value < dates.implantedOn) {
      fail(field, { key: 'validation.beforeImplantation', params: { date: dates.implantedOn } });
    } else if (value > latest) {
      fail(field, tooLate);
    }
  };
  const notFuture: Message = { key: 'validation.notFuture', params: { today: dates.today } };
  day('date', record.date, dates.today, notFuture);
  // An event's day lies on or before the follow-up's (before today when that is wrong itself).
  const dateHolds = isIsoDate(record.date) && record.date <= dates.today;
  const latest = dateHolds ? record.date : dates.today;
  const afterDate: Message = dateHolds ? { key: 'validation.afterFollowUpDate', params: { date: latest } } : notFuture;

  /** An event: given, its day and details are required; not given, they are left out. */
  const event = (
    given: boolean,
    dayField: 'deathDate' | 'reinterventionDate' | 'explantDate' | null,
    required: (keyof FollowUpRecord)[],
    leftOut: Message,
  ) => {
    if (given && dayField) {
      day(dayField, record[dayField], latest, afterDate);
    }
    for (const field of [...(dayField ? [dayField] : []), ...required]) {
      if (!given && record[field] !== null) {
        fail(field, leftOut);
      } else if (given && field !== dayField && record[field] === null) {
        fail(field, { key: 'validation.required' });
      }
    }
  };
  const died = record.patientStatus === 'died';
  event(died, 'deathDate', ['deathCause'], { key: 'validation.onlyWhenDied' });
  event(record.graftStatus === 'reintervention', 'reinterventionDate', ['reinterventionKind'], {
    key: 'validation.onlyWhenReintervention',
  });
  event(record.graftStatus === 'explanted', 'explantDate', ['explantReason'], { key: 'validation.onlyWhenExplanted' });
  event(record.explantReason === 'other', null, ['explantReasonText'], { key: 'validation.onlyWhenOtherReason' });
  if (record.peakGradient !== null && record.meanGradient !== null && record.meanGradient > record.peakGradient) {
    fail('meanGradient', { key: 'validation.notGreaterThan', params: { other: 'peakGradient' } });
  }
  if (dates.unscheduled && !died && record.graftStatus === 'functioning') {
    fail('graftStatus', { key: 'validation.unscheduledEvent' });
  }
  return errors;
}

/**
 * The day a record ends the schedule of its graft: the death's or the explant's, whichever is first;
 * null when the patient lives with the graft in place. Open follow-ups due after it end.
 */
export function followUpEndsOn(record: FollowUpRecord): string | null {
  const days = [
    record.patientStatus === 'died' ? record.deathDate : null,
    record.graftStatus === 'explanted' ? record.explantDate : null,
  ].filter((day): day is string => day !== null);
  return days.length === 0 ? null : days.sort()[0]!;
}

/** The reminders of a follow-up: when its window opens, and once more when it is overdue. */
export type FollowUpReminderStep = 'due' | 'overdue';

/**
 * The reminder an open follow-up is due for on `today` (docs/decisions.md "Follow-ups"): `due` from
 * the day its window opens, `overdue` from the day after its due day, none before. Only the nearest
 * counts, so one first seen overdue is not reminded as due as well.
 */
export function followUpReminderStep(
  followUp: { state: FollowUpStoredState; dueOn: string | null },
  today: string,
): FollowUpReminderStep | null {
  const state = followUpState(followUp, today);
  return state === 'due' || state === 'overdue' ? state : null;
}
