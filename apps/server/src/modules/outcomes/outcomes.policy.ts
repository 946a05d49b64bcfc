import { forbidden } from '../../http/problem';
import { euteReadScope, requireAdmin } from '../../identity/policy';
import type { Principal } from '../../identity/principal';
import type { OutcomeScope } from './outcomes.repository';

// Who sees which banks' outcomes (docs/decisions.md "Outcome statistics"): a bank's employees see
// their banks' grafts; admins and auditors every bank's and the network as a whole; physicians
// nothing (403).

/** What the caller may read and asked for: one bank, or all the caller sees. */
export interface OutcomeReach {
  scope: OutcomeScope;
  /** The bank asked for, already checked against the caller's; undefined: all the caller sees. */
  bank?: string;
}

/**
 * `GET /euteemployee/outcomes`: the caller's banks (every bank for auditors), or one of them. A
 * bank that is not the caller's is 403, whether it exists or not.
 */
export function bankOutcomeReach(principal: Principal | null, bank: string | undefined): OutcomeReach {
  const read = euteReadScope(principal);
  if (read.all) {
    return { scope: bank ? { euteIds: [bank] } : { all: true }, bank };
  }
  if (bank !== undefined && !read.ids.includes(bank)) {
    throw forbidden({ key: 'problem.outcomes.ownBanks' });
  }
  return { scope: { euteIds: bank ? [bank] : read.ids }, bank };
}

/** `GET /admin/outcomes`: admins and auditors, one bank or the network. */
export function adminOutcomeReach(principal: Principal | null, bank: string | undefined): OutcomeReach {
  requireAdmin(principal, { write: false });
  return { scope: bank ? { euteIds: [bank] } : { all: true }, bank };
}
