import { describe, expect, it } from 'vitest';
import { FOLLOW_UP_VISITS } from '../constants/follow-ups';
import { translateMessage } from '../i18n/translate';
import type { FollowUpRecordInput } from '../schemas/follow-ups';
import {
  addCalendarYears,
  completeFollowUpRecord,
  followUpDueDays,
  followUpEndsOn,
  followUpOpensOn,
  followUpReminderStep,
  followUpSchedule,
  followUpState,
  validateFollowUpRecord,
} from './follow-ups';

const dates = { today: '2027-06-15', implantedOn: '2026-05-20' };
const alive: FollowUpRecordInput = { date: '2027-06-01', patientStatus: 'alive', graftStatus: 'functioning' };

/** The errors as field and English text; the German wording is checked once below. */
const errorsOf = (input: FollowUpRecordInput, options: Partial<typeof dates> & { unscheduled?: boolean } = {}) =>
  validateFollowUpRecord(input, { ...dates, ...options }).map(({ field, message }) => ({ field, message }));

describe('the follow-up schedule', () => {
  it('is due 30 days after the implantation, then on every anniversary up to 10 years', () => {
    expect(followUpSchedule('2026-05-20')).toEqual([
      { visit: 'P30D', dueOn: '2026-06-19' },
      { visit: 'P1Y', dueOn: '2027-05-20' },
      { visit: 'P2Y', dueOn: '2028-05-20' },
      { visit: 'P3Y', dueOn: '2029-05-20' },
      { visit: 'P4Y', dueOn: '2030-05-20' },
      { visit: 'P5Y', dueOn: '2031-05-20' },
      { visit: 'P6Y', dueOn: '2032-05-20' },
      { visit: 'P7Y', dueOn: '2033-05-20' },
      { visit: 'P8Y', dueOn: '2034-05-20' },
      { visit: 'P9Y', dueOn: '2035-05-20' },
      { visit: 'P10Y', dueOn: '2036-05-20' },
    ]);
    expect(followUpSchedule('2026-05-20').map((visit) => visit.visit)).toEqual(FOLLOW_UP_VISITS);
  });

  it('counts calendar days across a month and a year end for the 30-day visit', () => {
    expect(followUpSchedule('2026-12-15')[0]).toEqual({ visit: 'P30D', dueOn: '2027-01-14' });
    expect(followUpSchedule('2028-01-30')[0]).toEqual({ visit: 'P30D', dueOn: '2028-02-29' });
  });

  it('puts the anniversaries of 29 February on 28 February in common years and on 29 February in leap years', () => {
    const dueDays = followUpSchedule('2028-02-29')
      .slice(1)
      .map((visit) => visit.dueOn);
    expect(dueDays).toEqual([
      '2029-02-28',
      '2030-02-28',
      '2031-02-28',
      '2032-02-29',
      '2033-02-28',
      '2034-02-28',
      '2035-02-28',
      '2036-02-29',
      '2037-02-28',
      '2038-02-28',
    ]);
    expect(addCalendarYears('2100-02-28', 0)).toBe('2100-02-28');
    expect(addCalendarYears('2096-02-29', 4)).toBe('2100-02-28');
    expect(addCalendarYears('2000-02-29', 400)).toBe('2400-02-29');
  });
});

describe('the state of a follow-up on a day', () => {
  const open = { state: 'open' as const, dueOn: '2027-05-20' };

  it('opens 14 days before its due day, is due until that day, then overdue', () => {
    expect(followUpOpensOn('2027-05-20')).toBe('2027-05-06');
    expect(followUpState(open, '2027-05-05')).toBe('upcoming');
    expect(followUpState(open, '2027-05-06')).toBe('due');
    expect(followUpState(open, '2027-05-20')).toBe('due');
    expect(followUpState(open, '2027-05-21')).toBe('overdue');
    expect(followUpState(open, '2030-01-01')).toBe('overdue');
  });

  it('keeps a recorded, lost or ended follow-up as it is, whatever the day', () => {
    for (const state of ['done', 'lost', 'ended'] as const) {
      expect(followUpState({ state, dueOn: '2027-05-20' }, '2020-01-01')).toBe(state);
      expect(followUpState({ state, dueOn: null }, '2030-01-01')).toBe(state);
    }
  });

  it('gives a query the due days that make each state, the same as followUpState', () => {
    const today = '2027-05-10';
    const { dueFrom, dueUntil } = followUpDueDays(today);
    expect({ dueFrom, dueUntil }).toEqual({ dueFrom: '2027-05-10', dueUntil: '2027-05-24' });
    for (const [dueOn, state] of [
      ['2027-05-09', 'overdue'],
      ['2027-05-10', 'due'],
      ['2027-05-24', 'due'],
      ['2027-05-25', 'upcoming'],
    ] as const) {
      expect(followUpState({ state: 'open', dueOn }, today)).toBe(state);
      const byDays = dueOn < dueFrom ? 'overdue' : dueOn <= dueUntil ? 'due' : 'upcoming';
      expect(byDays).toBe(state);
    }
  });
});

describe('the rules of a follow-up record', () => {
  it('accepts a living patient with the graft functioning, and completes the record', () => {
    expect(errorsOf(alive)).toEqual([]);
    expect(completeFollowUpRecord(alive)).toEqual({
      ...alive,
      deathDate: null,
      deathCause: null,
      reinterventionDate: null,
      reinterventionKind: null,
      explantDate: null,
      explantReason: null,
      explantReasonText: null,
      peakGradient: null,
      meanGradient: null,
      regurgitation: null,
      nyhaClass: null,
      endocarditis: false,
      thromboembolism: false,
      majorBleeding: false,
    });
  });

  it('dates the follow-up from the implantation to the clinic’s today', () => {
    expect(errorsOf({ ...alive, date: '2026-05-20' })).toEqual([]);
    expect(errorsOf({ ...alive, date: '2027-06-15' })).toEqual([]);
    expect(errorsOf({ ...alive, date: '2026-05-19' })).toEqual([
      { field: 'date', message: 'must not be before the implantation on 2026-05-20' },
    ]);
    expect(errorsOf({ ...alive, date: '2027-06-16' })).toEqual([
      { field: 'date', message: 'must not be in the future (today is 2027-06-15)' },
    ]);
  });

  it('needs the day and cause of a death, from the implantation to the follow-up, and none without one', () => {
    const died = { ...alive, patientStatus: 'died' as const };
    expect(errorsOf(died)).toEqual([
      { field: 'deathDate', message: 'is required' },
      { field: 'deathCause', message: 'is required' },
    ]);
    expect(errorsOf({ ...died, deathDate: '2027-05-30', deathCause: 'valve-related' })).toEqual([]);
    expect(errorsOf({ ...died, deathDate: '2027-06-02', deathCause: 'unknown' })).toEqual([
      { field: 'deathDate', message: 'must not be after the follow-up on 2027-06-01' },
    ]);
    expect(errorsOf({ ...died, deathDate: '2026-01-01', deathCause: 'non-cardiac' })).toEqual([
      { field: 'deathDate', message: 'must not be before the implantation on 2026-05-20' },
    ]);
    expect(errorsOf({ ...alive, deathDate: '2027-05-30', deathCause: null })).toEqual([
      { field: 'deathDate', message: 'must be left out unless the patient died' },
    ]);
  });

  it('dates an event by today when the follow-up’s own date is wrong', () => {
    const record = { ...alive, date: '2027-07-01', graftStatus: 'reintervention' as const };
    expect(errorsOf({ ...record, reinterventionDate: '2027-06-20', reinterventionKind: 'catheter' })).toEqual([
      { field: 'date', message: 'must not be in the future (today is 2027-06-15)' },
      { field: 'reinterventionDate', message: 'must not be in the future (today is 2027-06-15)' },
    ]);
  });

  it('needs a reintervention’s day and kind, and an explant’s day and reason, and the text of another reason', () => {
    expect(errorsOf({ ...alive, graftStatus: 'reintervention', reinterventionDate: '2027-01-10' })).toEqual([
      { field: 'reinterventionKind', message: 'is required' },
    ]);
    const explanted = { ...alive, graftStatus: 'explanted' as const, explantDate: '2027-02-01' };
    expect(errorsOf({ ...explanted, explantReason: 'endocarditis' })).toEqual([]);
    expect(errorsOf({ ...explanted, explantReason: 'other' })).toEqual([
      { field: 'explantReasonText', message: 'is required' },
    ]);
    expect(errorsOf({ ...explanted, explantReason: 'other', explantReasonText: '  ' })).toEqual([
      { field: 'explantReasonText', message: 'is required' },
    ]);
    expect(errorsOf({ ...explanted, explantReason: 'other', explantReasonText: 'Patient growth' })).toEqual([]);
    expect(
      errorsOf({
        ...explanted,
        explantReason: 'thrombosis',
        explantReasonText: 'Clot',
        reinterventionKind: 'surgical',
      }),
    ).toEqual([
      { field: 'reinterventionKind', message: 'must be left out unless the graft had a reintervention' },
      { field: 'explantReasonText', message: 'must be left out unless the reason is other' },
    ]);
    expect(errorsOf({ ...alive, explantDate: '2027-02-01', explantReason: 'thrombosis' })).toEqual([
      { field: 'explantDate', message: 'must be left out unless the graft was explanted' },
      { field: 'explantReason', message: 'must be left out unless the graft was explanted' },
    ]);
  });

  it('refuses a mean gradient above the peak', () => {
    expect(errorsOf({ ...alive, peakGradient: 40, meanGradient: 22, regurgitation: 'mild', nyhaClass: 'II' })).toEqual(
      [],
    );
    expect(errorsOf({ ...alive, peakGradient: 20, meanGradient: 22 })).toEqual([
      { field: 'meanGradient', message: 'must not be greater than peakGradient' },
    ]);
  });

  it('has an unscheduled record name an event', () => {
    expect(errorsOf(alive, { unscheduled: true })).toEqual([
      {
        field: 'graftStatus',
        message: 'must name an event: an unscheduled follow-up records a death, a reintervention or an explant',
      },
    ]);
    const death = {
      ...alive,
      patientStatus: 'died' as const,
      deathDate: '2027-05-01',
      deathCause: 'cardiac-other' as const,
    };
    expect(errorsOf(death, { unscheduled: true })).toEqual([]);
  });

  it('words every refusal in German too', () => {
    const [error] = validateFollowUpRecord({ ...alive, date: '2026-05-19' }, dates);
    expect(translateMessage('de', error!.wording)).toBe('darf nicht vor der Implantation am 2026-05-20 liegen');
  });
});

describe('the end of a schedule', () => {
  it('comes with the first of a death and an explant; never while the patient lives with the graft', () => {
    const record = completeFollowUpRecord(alive);
    expect(followUpEndsOn(record)).toBeNull();
    expect(followUpEndsOn({ ...record, graftStatus: 'reintervention', reinterventionDate: '2027-01-01' })).toBeNull();
    expect(followUpEndsOn({ ...record, graftStatus: 'explanted', explantDate: '2027-01-01' })).toBe('2027-01-01');
    expect(
      followUpEndsOn({
        ...record,
        patientStatus: 'died',
        deathDate: '2027-03-01',
        graftStatus: 'explanted',
        explantDate: '2027-02-01',
      }),
    ).toBe('2027-02-01');
  });
});

describe('the reminders of a follow-up', () => {
  it('comes due when its window opens, overdue the day after its due day, and never once it is recorded', () => {
    const open = { state: 'open' as const, dueOn: '2027-06-19' };
    expect(followUpReminderStep(open, '2027-06-04')).toBeNull();
    expect(followUpReminderStep(open, '2027-06-05')).toBe('due');
    expect(followUpReminderStep(open, '2027-06-19')).toBe('due');
    expect(followUpReminderStep(open, '2027-06-20')).toBe('overdue');
    expect(followUpReminderStep(open, '2030-01-01')).toBe('overdue');
    expect(followUpReminderStep({ ...open, state: 'done' }, '2027-06-20')).toBeNull();
    expect(followUpReminderStep({ ...open, state: 'lost' }, '2027-06-20')).toBeNull();
  });
});
