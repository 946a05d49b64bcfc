import { describe, expect, it } from 'vitest';
import { DEMO_EUTES } from './seed-demo-data';
import { buildDemoGrafts, listStatusIgnoringTime, type GraftContext } from './seed-demo-grafts';
import { addDays, demoRandom, mulberry32 } from './seed-demo-random';

function context(seed: number): GraftContext {
  const physician = { name: 'Dr. med. Test', email: 'test@clinic.example', phone: '+49 30 555 0000' };
  return {
    random: demoRandom(mulberry32(seed)),
    today: '2026-11-21',
    eutes: DEMO_EUTES.map((data, index) => ({ id: `eute-${index}`, data })),
    clinics: [{ id: 'clinic-1', cName: 'Clinic One', physician }],
  };
}

describe('demo grafts', () => {
  it('are the same for the same seed and differ for another', () => {
    expect(buildDemoGrafts(context(7))).toEqual(buildDemoGrafts(context(7)));
    expect(buildDemoGrafts(context(8))).not.toEqual(buildDemoGrafts(context(7)));
  });

  it('number their lots per bank and year, in processing order, without gaps', () => {
    const lots = buildDemoGrafts(context(7))
      .filter((graft) => graft.eLot.startsWith('EB1-2025-'))
      .map((graft) => ({ number: Number(graft.eLot.slice(-4)), processed: graft.decellularizationOut ?? '' }));
    expect(lots.length).toBeGreaterThan(5);
    expect(lots.map((lot) => lot.number)).toEqual(lots.map((_, index) => index + 1));
    expect(lots.map((lot) => lot.processed)).toEqual(lots.map((lot) => lot.processed).sort());
  });
});

describe('list status ignoring time', () => {
  const open = {
    decellularizationStatus: 1,
    releaseStatus: 1,
    assignmentStatus: 0,
    deliveryStatus: 0,
    implantationStatus: 0,
    expiryStatus: 0,
    traceabilityReportStatus: 0,
  } as const;

  it('is Free when released, Current when assigned, Archive when implanted, expired, reported or failed', () => {
    expect(listStatusIgnoringTime(open)).toBe(0);
    expect(listStatusIgnoringTime({ ...open, assignmentStatus: 1 })).toBe(1);
    expect(listStatusIgnoringTime({ ...open, assignmentStatus: 1, implantationStatus: 1 })).toBe(2);
    expect(listStatusIgnoringTime({ ...open, expiryStatus: 1 })).toBe(2);
    expect(listStatusIgnoringTime({ ...open, traceabilityReportStatus: 1 })).toBe(2);
    expect(listStatusIgnoringTime({ ...open, decellularizationStatus: 2, releaseStatus: 0 })).toBe(2);
  });
});

describe('addDays', () => {
  it('crosses month, leap-day and year boundaries', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});
