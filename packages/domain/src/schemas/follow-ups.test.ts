import { Value } from '@sinclair/typebox/value';
import { describe, expect, it } from 'vitest';
import { completeFollowUpRecord } from '../rules/follow-ups';
import { FollowUpRecord, FollowUpRecordInput, RecordUnscheduledFollowUpRequest } from './follow-ups';

const visit = { date: '2027-05-20', patientStatus: 'alive', graftStatus: 'functioning' } as const;

describe('follow-up schemas', () => {
  it('takes a record with only what every record states, and answers it with every detail', () => {
    expect(Value.Check(FollowUpRecordInput, visit)).toBe(true);
    expect(Value.Check(FollowUpRecord, visit)).toBe(false);
    expect(Value.Check(FollowUpRecord, completeFollowUpRecord(visit))).toBe(true);
  });

  it('checks each field on its own: the lists of the form, gradients in mmHg, real days', () => {
    const explant = { ...visit, graftStatus: 'explanted', explantDate: '2027-05-01', explantReason: 'endocarditis' };
    expect(Value.Check(FollowUpRecordInput, explant)).toBe(true);
    expect(Value.Check(FollowUpRecordInput, { ...explant, explantReason: 'wear' })).toBe(false);
    expect(Value.Check(FollowUpRecordInput, { ...visit, peakGradient: 200, meanGradient: 0 })).toBe(true);
    expect(Value.Check(FollowUpRecordInput, { ...visit, peakGradient: 200.5 })).toBe(false);
    expect(Value.Check(FollowUpRecordInput, { ...visit, meanGradient: -1 })).toBe(false);
    expect(Value.Check(FollowUpRecordInput, { ...visit, nyhaClass: 'V' })).toBe(false);
    expect(Value.Check(FollowUpRecordInput, { ...visit, date: '2027-02-29' })).toBe(false);
    expect(Value.Check(FollowUpRecordInput, { ...visit, weight: 70 })).toBe(false);
  });

  it('names the graft of an unscheduled event by its lot', () => {
    expect(Value.Check(RecordUnscheduledFollowUpRequest, { ...visit, lot: 'EL-2021-0042' })).toBe(true);
    expect(Value.Check(RecordUnscheduledFollowUpRequest, visit)).toBe(false);
  });
});
