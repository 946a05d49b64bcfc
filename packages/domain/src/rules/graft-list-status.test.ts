import { describe, expect, it } from 'vitest';
import { ListStatus } from '../constants/list-status';
import { StepStatus, type ProcessStepName } from '../constants/process-steps';
import { graftListStatus, isExpired, type ProcessStepStatuses } from './graft-list-status';

const TODAY = '2026-03-14';

function steps(states: Partial<Record<ProcessStepName, StepStatus>> = {}): ProcessStepStatuses {
  const step = (name: ProcessStepName) => ({ status: states[name] ?? StepStatus.Open });
  return {
    decellularization: step('decellularization'),
    release: step('release'),
    assignment: step('assignment'),
    delivery: step('delivery'),
    implantation: step('implantation'),
    expiry: step('expiry'),
    traceabilityReport: step('traceabilityReport'),
  };
}
const { Done, Failed } = StepStatus;

describe('graftListStatus', () => {
  it('keeps a graft out of every list while it is still being processed', () => {
    expect(graftListStatus(steps({ decellularization: Done }), '2027-01-01', TODAY)).toBeNull();
  });

  it('offers a released graft as free', () => {
    expect(graftListStatus(steps({ release: Done }), '2027-01-01', TODAY)).toBe(ListStatus.Free);
  });

  it('moves it to current once it is assigned, and through delivery', () => {
    expect(graftListStatus(steps({ release: Done, assignment: Done }), '2027-01-01', TODAY)).toBe(ListStatus.Current);
    expect(graftListStatus(steps({ release: Done, assignment: Done, delivery: Done }), null, TODAY)).toBe(
      ListStatus.Current,
    );
  });

  it('archives it once implanted or traceability-reported', () => {
    const assigned = { release: Done, assignment: Done } as const;
    expect(graftListStatus(steps({ ...assigned, implantation: Done }), '2027-01-01', TODAY)).toBe(ListStatus.Archive);
    expect(graftListStatus(steps({ ...assigned, traceabilityReport: Done }), '2027-01-01', TODAY)).toBe(
      ListStatus.Archive,
    );
  });

  it('archives a graft whose any step failed, even before release', () => {
    expect(graftListStatus(steps({ decellularization: Failed }), '2027-01-01', TODAY)).toBe(ListStatus.Archive);
    expect(graftListStatus(steps({ release: Done, delivery: Failed }), '2027-01-01', TODAY)).toBe(ListStatus.Archive);
  });

  it('keeps a graft free on its expiry day and archives it the day after', () => {
    expect(graftListStatus(steps({ release: Done }), TODAY, TODAY)).toBe(ListStatus.Free);
    expect(graftListStatus(steps({ release: Done }), '2026-03-13', TODAY)).toBe(ListStatus.Archive);
    expect(graftListStatus(steps({ release: Done, assignment: Done }), '2026-03-13', TODAY)).toBe(ListStatus.Archive);
  });

  it('archives a graft whose expiry the tissue bank recorded, whatever its date says', () => {
    expect(graftListStatus(steps({ release: Done, expiry: Done }), '2027-01-01', TODAY)).toBe(ListStatus.Archive);
    expect(graftListStatus(steps({ release: Done, expiry: Done }), null, TODAY)).toBe(ListStatus.Archive);
  });

  it('does not expire a graft whose expiry date is unknown or unreadable', () => {
    expect(graftListStatus(steps({ release: Done }), null, TODAY)).toBe(ListStatus.Free);
    expect(graftListStatus(steps({ release: Done }), 'soon', TODAY)).toBe(ListStatus.Free);
  });

  it('reads an expiry given as a date-time by its UTC day', () => {
    expect(isExpired('2026-03-13T23:59:59Z', TODAY)).toBe(true);
    expect(isExpired('2026-03-14T00:00:00Z', TODAY)).toBe(false);
  });
});
