import { describe, expect, it } from 'vitest';
import { GraftType } from '../constants/graft-types';
import { StepStatus } from '../constants/process-steps';
import type { GraftSearchQuery } from '../schemas/graft-search';
import { aGraft } from '../testing/graft-fixture';
import { compareSearchResults, fitsWaitingListEntry, matchesSearch } from './graft-matching';

const query: GraftSearchQuery = {
  query_type: GraftType.AorticValve,
  query_d_min: 20,
  query_d_max: 24,
  query_l_min: 50,
  query_l_l_min: 0,
  query_l_r_min: 0,
};
const expiringOn = (date: string | null) => ({ expiry: { status: StepStatus.Open, outValue: date } });

describe('matchesSearch', () => {
  it('finds a 22 mm aortic valve of 60 mm for a search of 20-24 mm and at least 50 mm', () => {
    expect(matchesSearch(aGraft(), query)).toBe(true);
  });

  it('includes both ends of the diameter range and the exact minimum length', () => {
    expect(matchesSearch(aGraft({ t_Dproximal: 20 }), query)).toBe(true);
    expect(matchesSearch(aGraft({ t_Dproximal: 24, t_Lmax: 50 }), query)).toBe(true);
  });

  it('leaves out grafts of another type, outside the range or too short', () => {
    expect(matchesSearch(aGraft({ t_ProdName_2: GraftType.AortaAscendens }), query)).toBe(false);
    expect(matchesSearch(aGraft({ t_Dproximal: 19.5 }), query)).toBe(false);
    expect(matchesSearch(aGraft({ t_Dproximal: 24.5 }), query)).toBe(false);
    expect(matchesSearch(aGraft({ t_Lmax: 49 }), query)).toBe(false);
  });

  it('never matches a graft whose diameter or length is unknown', () => {
    expect(matchesSearch(aGraft({ t_Dproximal: null }), query)).toBe(false);
    expect(matchesSearch(aGraft({ t_Lmax: null }), query)).toBe(false);
  });

  it('asks a bifurcation for long enough branches, and counts missing branches as 0', () => {
    const bifurcation = aGraft({ t_ProdName_2: GraftType.PulmonaryValveBifurcation, t_Lleft: 15, t_Lright: null });
    const branchQuery = { ...query, query_type: GraftType.PulmonaryValveBifurcation };
    expect(matchesSearch(bifurcation, { ...branchQuery, query_l_l_min: 15 })).toBe(true);
    expect(matchesSearch(bifurcation, { ...branchQuery, query_l_l_min: 16 })).toBe(false);
    expect(matchesSearch(bifurcation, { ...branchQuery, query_l_r_min: 1 })).toBe(false);
  });
});

describe('fitsWaitingListEntry', () => {
  const entry = {
    query_Type: GraftType.AorticValve,
    query_d_min: 20,
    query_d_max: 24,
    query_l_min: 50,
    query_l_l_min: 0,
    query_l_r_min: 0,
    query_i_min: '2026-05-01',
  };

  it('fits a graft that matches and lasts until the implant window opens', () => {
    expect(fitsWaitingListEntry(aGraft(expiringOn('2026-05-01')), entry)).toBe(true);
    expect(fitsWaitingListEntry(aGraft(expiringOn(null)), entry)).toBe(true);
  });

  it('does not fit a graft that expires before the window opens', () => {
    expect(fitsWaitingListEntry(aGraft(expiringOn('2026-04-30')), entry)).toBe(false);
  });

  it('does not fit a graft of the wrong size, however long it lasts', () => {
    expect(fitsWaitingListEntry(aGraft({ t_Dproximal: 30, ...expiringOn('2030-01-01') }), entry)).toBe(false);
  });
});

describe('compareSearchResults', () => {
  it('ranks the diameter closest to the middle first, then the earliest expiry, then the lot', () => {
    const results = [
      aGraft({ e_Lot: 'far', t_Dproximal: 20, ...expiringOn('2026-01-01') }),
      aGraft({ e_Lot: 'B-late', t_Dproximal: 22, ...expiringOn('2027-01-01') }),
      aGraft({ e_Lot: 'unknown-expiry', t_Dproximal: 22, ...expiringOn(null) }),
      aGraft({ e_Lot: 'B-soon', t_Dproximal: 22, ...expiringOn('2026-06-01') }),
      aGraft({ e_Lot: 'A-soon', t_Dproximal: 22, ...expiringOn('2026-06-01') }),
      aGraft({ e_Lot: 'near', t_Dproximal: 23, ...expiringOn('2026-01-01') }),
    ];
    expect(results.sort(compareSearchResults(query)).map((graft) => graft.e_Lot)).toEqual([
      'A-soon',
      'B-soon',
      'B-late',
      'unknown-expiry',
      'near',
      'far',
    ]);
  });

  it('counts distance both ways and puts grafts without a diameter last', () => {
    const results = [
      aGraft({ e_Lot: 'none-2', t_Dproximal: null }),
      aGraft({ e_Lot: 'below', t_Dproximal: 21 }),
      aGraft({ e_Lot: 'none-1', t_Dproximal: null }),
      aGraft({ e_Lot: 'above', t_Dproximal: 23.5 }),
    ];
    expect(results.sort(compareSearchResults(query)).map((graft) => graft.e_Lot)).toEqual([
      'below',
      'above',
      'none-1',
      'none-2',
    ]);
  });
});
