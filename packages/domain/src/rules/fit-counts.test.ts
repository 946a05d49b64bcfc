import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildEntryFitCounter, buildFitCounter, type FreeGraftSizes } from './fit-counts';
import type { GraftTypeNumber } from '../constants/graft-types';
import { fitsWaitingListEntry, type EntryCriteria } from './graft-matching';

const day = fc
  .date({ min: new Date('2026-01-01T00:00:00Z'), max: new Date('2028-12-31T00:00:00Z'), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10));
const size = (max: number) => fc.integer({ min: 0, max });

const graft: fc.Arbitrary<FreeGraftSizes> = fc.record({
  t_ProdName_2: fc.constantFrom<GraftTypeNumber>(1, 2, 3),
  t_Dproximal: fc.option(
    fc.integer({ min: 5, max: 40 }).map((d) => d + [0, 0.5][d % 2]!),
    { nil: null },
  ),
  t_Lmax: fc.option(size(120), { nil: null }),
  t_Lleft: fc.option(size(40), { nil: null }),
  t_Lright: fc.option(size(40), { nil: null }),
  expiry: fc.option(day, { nil: null }),
});

const entry: fc.Arbitrary<EntryCriteria> = fc
  .record({
    query_Type: fc.constantFrom<GraftTypeNumber>(1, 2, 3),
    query_d_min: fc.integer({ min: 5, max: 40 }),
    span: fc.integer({ min: 0, max: 10 }),
    query_l_min: size(120),
    query_l_l_min: size(40),
    query_l_r_min: size(40),
    query_i_min: day,
  })
  .map(({ span, ...criteria }) => ({ ...criteria, query_d_max: criteria.query_d_min + span }));

/** The reference: every graft tested one by one with the rule itself. */
const oneByOne = (grafts: readonly FreeGraftSizes[], criteria: EntryCriteria) =>
  grafts.filter((g) =>
    fitsWaitingListEntry(
      { ...g, t_ProdName_2: g.t_ProdName_2 as GraftTypeNumber, expiry: { outValue: g.expiry } },
      criteria,
    ),
  ).length;

describe('buildFitCounter', () => {
  it('counts exactly the grafts fitsWaitingListEntry accepts, for any grafts and entries', () => {
    fc.assert(
      fc.property(
        fc.array(graft, { maxLength: 200 }),
        fc.array(entry, { minLength: 1, maxLength: 20 }),
        (grafts, entries) => {
          const counter = buildFitCounter(grafts);
          for (const criteria of entries) {
            expect(counter.count(criteria)).toBe(oneByOne(grafts, criteria));
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('includes both ends of the diameter range, and a graft of unknown expiry', () => {
    const at = (diameter: number, expiry: string | null): FreeGraftSizes => ({
      t_ProdName_2: 1,
      t_Dproximal: diameter,
      t_Lmax: 30,
      t_Lleft: null,
      t_Lright: null,
      expiry,
    });
    const counter = buildFitCounter([at(19.5, null), at(20, null), at(22, '2027-01-01'), at(24, null), at(24.5, null)]);
    const criteria: EntryCriteria = {
      query_Type: 1,
      query_d_min: 20,
      query_d_max: 24,
      query_l_min: 30,
      query_l_l_min: 0,
      query_l_r_min: 0,
      query_i_min: '2027-01-01',
    };
    expect(counter.count(criteria)).toBe(3);
    expect(counter.count({ ...criteria, query_i_min: '2027-01-02' })).toBe(2);
    expect(counter.count({ ...criteria, query_Type: 2 })).toBe(0);
  });
});

describe('buildEntryFitCounter', () => {
  it('counts exactly the entries a graft fits by fitsWaitingListEntry, for any grafts and entries', () => {
    fc.assert(
      fc.property(
        fc.array(entry, { maxLength: 200 }),
        fc.array(graft, { minLength: 1, maxLength: 20 }),
        (entries, grafts) => {
          const counter = buildEntryFitCounter(entries);
          for (const one of grafts) {
            expect(counter.count(one)).toBe(entries.filter((criteria) => oneByOne([one], criteria) === 1).length);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
