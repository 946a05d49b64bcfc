import {
  DIAMETER_BAND_MM,
  diameterBand,
  graftOutcome,
  outcomeSummary,
  outcomeSummaryWithCurves,
  type FollowUpRecord,
  type GraftFollowUps,
  type GraftOutcome,
  type OutcomeBand,
  type Outcomes,
  type OutcomeType,
} from '@graftmatch/domain';
import type { OutcomeFollowUpRow } from './outcomes.repository';

// The quality view from the follow-up rows (docs/decisions.md "Outcome statistics"): the rows of a
// graft become its times (the domain's `graftOutcome`), and the grafts are summed up per type, per
// diameter band of a type, and all together.

interface ImplantedGraft {
  type: number;
  band: number | null;
  outcome: GraftOutcome;
}

/** The rows of each graft (they come a graft's together) as the domain reads them. */
function graftsOf(rows: readonly OutcomeFollowUpRow[], today: string): ImplantedGraft[] {
  const grafts: ImplantedGraft[] = [];
  let start = 0;
  while (start < rows.length) {
    const first = rows[start]!;
    let end = start;
    const visits: GraftFollowUps['visits'][number][] = [];
    const records: FollowUpRecord[] = [];
    while (end < rows.length && rows[end]!.graftId === first.graftId) {
      const row = rows[end]!;
      if (row.kind === 'scheduled' && row.dueOn !== null) {
        visits.push({ dueOn: row.dueOn, state: row.state });
      }
      if (row.state === 'done' && row.record !== null) {
        records.push(JSON.parse(row.record) as FollowUpRecord);
      }
      end += 1;
    }
    const outcome = graftOutcome({ implantedOn: first.implantedOn, visits, records }, today);
    grafts.push({ type: first.tProdName2, band: diameterBand(first.tDproximal), outcome });
    start = end;
  }
  return grafts;
}

/** Groups by a key, in the keys' order (nulls last). */
function groupBy<K extends number | null>(grafts: readonly ImplantedGraft[], keyOf: (graft: ImplantedGraft) => K) {
  const groups = new Map<K, GraftOutcome[]>();
  for (const graft of grafts) {
    const key = keyOf(graft);
    const group = groups.get(key);
    if (group) {
      group.push(graft.outcome);
    } else {
      groups.set(key, [graft.outcome]);
    }
  }
  return [...groups.entries()].sort(([a], [b]) => (a ?? Infinity) - (b ?? Infinity));
}

export interface OutcomesContext {
  today: string;
  from: string | null;
  to: string | null;
  type: number | null;
  bank: { id: string; name: string } | null;
}

/** The answer of the quality view for the follow-up rows in scope. */
export function buildOutcomes(rows: readonly OutcomeFollowUpRow[], context: OutcomesContext): Outcomes {
  const grafts = graftsOf(rows, context.today);
  const outcomes = grafts.map((graft) => graft.outcome);
  const types: OutcomeType[] = groupBy(grafts, (graft) => graft.type).map(([type, ofType]) => ({
    type: type!,
    ...outcomeSummaryWithCurves(ofType),
    bands: groupBy(
      grafts.filter((graft) => graft.type === type),
      (graft) => graft.band,
    ).map(([band, ofBand]): OutcomeBand => ({ band, ...outcomeSummary(ofBand) })),
  }));
  return {
    asOf: context.today,
    from: context.from,
    to: context.to,
    type: context.type,
    bank: context.bank,
    bandWidth: DIAMETER_BAND_MM,
    all: outcomeSummaryWithCurves(outcomes),
    types,
  };
}
