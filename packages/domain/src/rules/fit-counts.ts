import type { EntryCriteria, SearchableGraft } from './graft-matching';

/** What counting fits needs of one Free graft: `fitsWaitingListEntry`'s fields, expiry as yyyy-mm-dd. */
export type FreeGraftSizes = Omit<SearchableGraft, 't_ProdName_2'> & { t_ProdName_2: number; expiry: string | null };

/** The number of grafts that fit each waiting-list entry, answered without looking at every graft. */
export interface FitCounter {
  count(entry: EntryCriteria): number;
}

interface TypeColumns {
  /** Sorted ascending; the other columns follow the same order. */
  diameter: Float64Array;
  totalLength: Float64Array;
  leftLength: Float64Array;
  rightLength: Float64Array;
  /** yyyymmdd as a number; unknown expiry is +Infinity (it never rules a graft out). */
  expiry: Float64Array;
}

const dayNumber = (isoDate: string | null) =>
  isoDate === null ? Number.POSITIVE_INFINITY : Number(isoDate.slice(0, 10).replaceAll('-', ''));

/** The first index whose diameter is ≥ `value` (or > `value` when `after`). */
function boundary(sorted: Float64Array, value: number, after: boolean): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    const below = after ? (sorted[middle] as number) <= value : (sorted[middle] as number) < value;
    if (below) {
      low = middle + 1;
    } else {
      high = middle;
    }
  }
  return low;
}

function columnsOf(grafts: readonly FreeGraftSizes[]): TypeColumns {
  const sorted = [...grafts].sort((a, b) => (a.t_Dproximal as number) - (b.t_Dproximal as number));
  const column = (value: (graft: FreeGraftSizes) => number) => Float64Array.from(sorted, value);
  return {
    diameter: column((graft) => graft.t_Dproximal as number),
    totalLength: column((graft) => graft.t_Lmax as number),
    leftLength: column((graft) => graft.t_Lleft ?? 0),
    rightLength: column((graft) => graft.t_Lright ?? 0),
    expiry: column((graft) => dayNumber(graft.expiry)),
  };
}

/**
 * Counts the grafts that fit an entry by the rule of `fitsWaitingListEntry` (docs/decisions.md §6),
 * built once for a set of Free grafts: per type, columns sorted by diameter, so an entry looks only
 * at the grafts inside its diameter range (docs/performance.md, fit counts).
 */
export function buildFitCounter(grafts: readonly FreeGraftSizes[]): FitCounter {
  const byType = new Map<number, FreeGraftSizes[]>();
  for (const graft of grafts) {
    // A graft without diameter or total length fits nothing (matchesSearch).
    if (graft.t_Dproximal === null || graft.t_Lmax === null) {
      continue;
    }
    const sameType = byType.get(graft.t_ProdName_2) ?? [];
    sameType.push(graft);
    byType.set(graft.t_ProdName_2, sameType);
  }
  const columns = new Map([...byType].map(([type, sameType]) => [type, columnsOf(sameType)]));
  return {
    count(entry) {
      const of = columns.get(entry.query_Type);
      if (!of) {
        return 0;
      }
      const implantFrom = dayNumber(entry.query_i_min);
      const end = boundary(of.diameter, entry.query_d_max, true);
      let fits = 0;
      for (let index = boundary(of.diameter, entry.query_d_min, false); index < end; index++) {
        if (
          (of.totalLength[index] as number) >= entry.query_l_min &&
          (of.leftLength[index] as number) >= entry.query_l_l_min &&
          (of.rightLength[index] as number) >= entry.query_l_r_min &&
          (of.expiry[index] as number) >= implantFrom
        ) {
          fits++;
        }
      }
      return fits;
    },
  };
}

/** The number of waiting-list entries one graft fits, answered without looking at every entry. */
export interface EntryFitCounter {
  count(graft: FreeGraftSizes): number;
}

/**
 * Counts the entries a graft fits by the rule of `fitsWaitingListEntry`, the other way round from
 * `buildFitCounter` (the bank's stock, docs/decisions.md): per type, the entries sorted by the low
 * end of their diameter range, so a graft looks only at those whose range starts at or below it.
 */
export function buildEntryFitCounter(entries: readonly EntryCriteria[]): EntryFitCounter {
  const byType = new Map<number, EntryCriteria[]>();
  for (const entry of entries) {
    const sameType = byType.get(entry.query_Type) ?? [];
    sameType.push(entry);
    byType.set(entry.query_Type, sameType);
  }
  const sorted = new Map(
    [...byType].map(([type, sameType]) => {
      const ordered = [...sameType].sort((a, b) => a.query_d_min - b.query_d_min);
      return [type, { ordered, low: Float64Array.from(ordered, (entry) => entry.query_d_min) }];
    }),
  );
  return {
    count(graft) {
      const of = sorted.get(graft.t_ProdName_2);
      const { t_Dproximal: diameter, t_Lmax: totalLength } = graft;
      if (!of || diameter === null || totalLength === null) {
        return 0;
      }
      const expiry = dayNumber(graft.expiry);
      const end = boundary(of.low, diameter, true);
      let fits = 0;
      for (let index = 0; index < end; index++) {
        const entry = of.ordered[index] as EntryCriteria;
        if (
          diameter <= entry.query_d_max &&
          totalLength >= entry.query_l_min &&
          (graft.t_Lleft ?? 0) >= entry.query_l_l_min &&
          (graft.t_Lright ?? 0) >= entry.query_l_r_min &&
          expiry >= dayNumber(entry.query_i_min)
        ) {
          fits++;
        }
      }
      return fits;
    },
  };
}
