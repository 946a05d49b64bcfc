import { utcDate, type Outcomes, type OutcomesQuery } from '@graftmatch/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types';
import type { Cacheable } from '../../http/answer-cache';
import { fieldError, invalidFields, notFound } from '../../http/problem';
import type { OutcomeReach } from './outcomes.policy';
import * as repo from './outcomes.repository';
import { buildOutcomes } from './outcomes.service';

// Reading the quality view (docs/api.md "Outcomes"), after the policy has said whose grafts.

export interface OutcomesDeps {
  db: Kysely<DB>;
  now: () => Date;
}

/** What was asked, checked: the period in order and the bank known. */
export interface OutcomesAsked {
  reach: OutcomeReach;
  query: Omit<OutcomesQuery, 'format'>;
}

/**
 * The quality view as a cacheable answer: kept as the bytes sent while the grafts' and follow-ups'
 * data version and the day stay the same (docs/performance.md "Search, lists and start-up"). `400` when `to`
 * lies before `from`, `404` for an unknown bank (its id is asked only by those who may see any).
 */
export async function readOutcomes(deps: OutcomesDeps, asked: OutcomesAsked): Promise<Cacheable<Outcomes>> {
  const { reach, query } = asked;
  if (query.from !== undefined && query.to !== undefined && query.to < query.from) {
    throw invalidFields('problem.outcomes.invalidQuery', [
      fieldError('to', { key: 'validation.notBeforeField', params: { other: 'from' } }),
    ]);
  }
  const bank = reach.bank === undefined ? null : await repo.bankById(deps.db, reach.bank);
  if (bank === undefined) {
    throw notFound({ key: 'problem.noBankRef', params: { ref: reach.bank ?? '' } });
  }
  const today = utcDate(deps.now());
  // The bank asked for is named in the answer; all of the caller's banks are not, even when one.
  const scope = 'all' in reach.scope ? '*' : [...reach.scope.euteIds].sort().join(',');
  return {
    key: `outcomes:${today}:${bank ? 'bank' : 'banks'}:${scope}:${query.type ?? ''}:${query.from ?? ''}:${query.to ?? ''}`,
    compute: async () =>
      buildOutcomes(await repo.outcomeFollowUps(deps.db, reach.scope, query), {
        today,
        from: query.from ?? null,
        to: query.to ?? null,
        type: query.type ?? null,
        bank,
      }),
  };
}
