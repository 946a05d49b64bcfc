import fc from 'fast-check';
import { fitsWaitingListEntry, type GraftTypeNumber } from '@graftmatch/domain';
import { describe, expect, it } from 'vitest';
import { matchFreedGrafts, type FreedGraft } from './waitinglist.alerts';
import { entryCriteria } from './waitinglist.mapper';

type Entry = Parameters<typeof matchFreedGrafts>[1][number];

const size = (min: number, max: number) => fc.option(fc.integer({ min: min * 2, max: max * 2 }).map((n) => n / 2));
const day = fc.integer({ min: 0, max: 60 }).map((n) => new Date(Date.UTC(2026, 0, 1 + n)).toISOString().slice(0, 10));

const graft = (index: number) =>
  fc
    .record({
      t_ProdName_2: fc.integer({ min: 1, max: 3 }),
      t_Dproximal: size(8, 30),
      t_Lmax: size(10, 60),
      t_Lleft: size(0, 30),
      t_Lright: size(0, 30),
      // Expiries as the file wrote them: a date, a date-time or none.
      expiry: fc.option(
        fc.oneof(
          day,
          day.map((date) => `${date}T10:00:00Z`),
        ),
      ),
    })
    .map(({ expiry, ...sizes }): FreedGraft => ({
      ...sizes,
      t_ProdName_2: sizes.t_ProdName_2 as GraftTypeNumber,
      e_Lot: `LOT-${index}`,
      expiry: { outValue: expiry },
    }));

const entry = (index: number) =>
  fc
    .record({
      queryType: fc.integer({ min: 1, max: 3 }),
      queryDMin: fc.integer({ min: 8, max: 26 }),
      span: fc.integer({ min: 0, max: 10 }),
      queryLMin: fc.integer({ min: 10, max: 40 }),
      queryLLMin: fc.integer({ min: 0, max: 20 }),
      queryLRMin: fc.integer({ min: 0, max: 20 }),
      queryIMin: day,
    })
    .map(
      ({ span, ...criteria }) =>
        ({ ...criteria, id: `entry-${index}`, queryDMax: criteria.queryDMin + span }) as unknown as Entry,
    );

/** The rule applied to every pair, without any index: what the matching must answer. */
function naive(freed: readonly FreedGraft[], entries: readonly Entry[]) {
  return entries.flatMap((open) => {
    const criteria = entryCriteria(open);
    const positions = criteria ? freed.flatMap((g, index) => (fitsWaitingListEntry(g, criteria) ? [index] : [])) : [];
    return positions.length > 0 ? [{ entry: open, positions }] : [];
  });
}

describe('matching freed grafts against open entries', () => {
  it('finds exactly the pairs the domain rule accepts, grafts in file order', () => {
    const lists = <T>(make: (index: number) => fc.Arbitrary<T>, max: number) =>
      fc.integer({ min: 0, max }).chain((length) => fc.tuple(...Array.from({ length }, (_, index) => make(index))));
    fc.assert(
      fc.property(lists(graft, 40), lists(entry, 10), (freed, entries) => {
        expect(matchFreedGrafts(freed, entries)).toEqual(naive(freed, entries));
      }),
      { numRuns: 300 },
    );
  });
});
