import { describe, expect, it } from 'vitest';
import { GraftType } from '../constants/graft-types';
import { aGraft } from '../testing/graft-fixture';
import { entriesForGraft } from './request-entries';

const graft = { ...aGraft({ t_Dproximal: 22, t_Lmax: 60 }), expiry: { outValue: '2027-06-30' } };
const entry = (id: string, overrides: Record<string, unknown> = {}) => ({
  id,
  query_Type: GraftType.AorticValve,
  query_d_min: 18,
  query_d_max: 26,
  query_l_min: 30,
  query_l_l_min: 0,
  query_l_r_min: 0,
  query_i_min: '2027-01-01',
  ...overrides,
});

describe('the waiting-list entries a request for a graft may be tied to', () => {
  it('leaves out entries of another type or whose ranges the graft does not fit', () => {
    const entries = [
      entry('fits'),
      entry('other type', { query_Type: GraftType.PulmonaryValveNoBifurcation }),
      entry('too narrow', { query_d_min: 23, query_d_max: 26 }),
      entry('too long', { query_l_min: 70 }),
      entry('window after expiry', { query_i_min: '2027-07-01' }),
    ];
    expect(entriesForGraft(graft, entries).map((e) => e.id)).toEqual(['fits']);
  });

  it('offers the earliest implant window first, then the range centred closest on the graft', () => {
    const entries = [
      entry('later', { query_i_min: '2027-03-01' }),
      entry('off-centre', { query_d_min: 14, query_d_max: 22 }),
      entry('centred', { query_d_min: 20, query_d_max: 24 }),
    ];
    expect(entriesForGraft(graft, entries).map((e) => e.id)).toEqual(['centred', 'off-centre', 'later']);
  });
});
