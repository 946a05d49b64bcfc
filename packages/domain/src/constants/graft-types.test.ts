import { describe, expect, it } from 'vitest';
import {
  GRAFT_TYPES,
  GraftType,
  graftTypeFromSlug,
  graftTypeLabel,
  graftTypeSlug,
  isBifurcated,
  isGraftTypeNumber,
} from './graft-types';

describe('graft types', () => {
  it('numbers the eight types 1 to 8 with the route slugs of the spec', () => {
    expect(GRAFT_TYPES.map((type) => [type.number, type.slug])).toEqual([
      [1, 'pulmonary_valve_no_bifurcation'],
      [2, 'pulmonary_valve_bifurcation'],
      [3, 'truncus_pulmonalis_bifurcation'],
      [4, 'truncus_pulmonalis_no_bifurcation'],
      [5, 'aortic_valve'],
      [6, 'aorta_ascendens'],
      [7, 'aorta_descendens'],
      [8, 'arcus_aortae'],
    ]);
  });

  it('turns a route slug into its number and back, so links survive a round trip', () => {
    for (const type of GRAFT_TYPES) {
      expect(graftTypeSlug(graftTypeFromSlug(type.slug)!)).toBe(type.slug);
    }
  });

  it('answers null for a slug that names no type, so the route can answer 404', () => {
    expect(graftTypeFromSlug('aortic-valve')).toBeNull();
    expect(graftTypeFromSlug('')).toBeNull();
  });

  it('labels a type in English', () => {
    expect(graftTypeLabel(GraftType.AorticValve)).toBe('Aortic valve');
  });

  it('offers branch filters only for the two pulmonary bifurcation types', () => {
    const bifurcated = GRAFT_TYPES.filter((type) => isBifurcated(type.number)).map((type) => type.number);
    expect(bifurcated).toEqual([GraftType.PulmonaryValveBifurcation, GraftType.TruncusPulmonalisBifurcation]);
  });

  it('recognises only the integers 1 to 8 as type numbers', () => {
    expect(isGraftTypeNumber(1)).toBe(true);
    expect(isGraftTypeNumber(8)).toBe(true);
    expect([0, 9, 1.5, '1', null, Number.NaN].some(isGraftTypeNumber)).toBe(false);
  });
});
