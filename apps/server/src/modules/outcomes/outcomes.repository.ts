import type { Executor } from '../../db/executor';

// All SQL of the quality view (docs/api.md "Outcomes"): the follow-ups of the implantations in
// scope with their graft's type and diameter, and the bank asked for. Every function takes the
// executor; the caller owns transactions.

/** Whose implantations are counted: some banks', or every bank's (the network). */
export type OutcomeScope = { all: true } | { euteIds: readonly string[] };

export interface OutcomeFilter {
  type?: number;
  /** Implanted on or after this day. */
  from?: string;
  /** Implanted on or before this day. */
  to?: string;
}

/** A follow-up row of an implanted graft, with what the groups need of the graft. */
export interface OutcomeFollowUpRow {
  graftId: string;
  implantedOn: string;
  kind: 'scheduled' | 'unscheduled';
  dueOn: string | null;
  state: 'open' | 'done' | 'lost' | 'ended';
  /** JSON of the record once recorded. */
  record: string | null;
  tProdName2: number;
  tDproximal: number | null;
}

/** Every follow-up of the implantations in scope and filter, a graft's rows together. */
export function outcomeFollowUps(
  executor: Executor,
  scope: OutcomeScope,
  filter: OutcomeFilter,
): Promise<OutcomeFollowUpRow[]> {
  let query = executor
    .selectFrom('followups')
    .innerJoin('grafts', 'grafts.id', 'followups.graftId')
    .select([
      'followups.graftId',
      'followups.implantedOn',
      'followups.kind',
      'followups.dueOn',
      'followups.state',
      'followups.record',
      'grafts.tProdName2',
      'grafts.tDproximal',
    ]);
  if ('euteIds' in scope) {
    query = query.where('followups.euteId', 'in', scope.euteIds.length > 0 ? [...scope.euteIds] : ['-']);
  }
  if (filter.type !== undefined) {
    query = query.where('grafts.tProdName2', '=', filter.type);
  }
  if (filter.from !== undefined) {
    query = query.where('followups.implantedOn', '>=', filter.from);
  }
  if (filter.to !== undefined) {
    query = query.where('followups.implantedOn', '<=', filter.to);
  }
  return query.orderBy('followups.graftId').execute();
}

/** A tissue bank by id, for the answer's name; undefined when there is none. */
export function bankById(executor: Executor, id: string) {
  return executor.selectFrom('eutes').select(['id', 'name']).where('id', '=', id).executeTakeFirst();
}
