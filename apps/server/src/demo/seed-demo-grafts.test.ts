import { describe, expect, it } from 'vitest';
import { GRAFT_TYPES } from '@graftmatch/domain';
import { DEMO_EUTES, TYPE_PROFILES } from './seed-demo-data';
import { buildDemoGrafts, type GraftContext } from './seed-demo-grafts';
import { demoRandom, mulberry32 } from './seed-demo-random';

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

describe('demo size profiles', () => {
  it('give branch sizes to exactly the types the domain calls bifurcated', () => {
    for (const type of GRAFT_TYPES) {
      expect(TYPE_PROFILES[type.number].branch !== undefined, type.slug).toBe(type.bifurcated);
    }
  });
});
