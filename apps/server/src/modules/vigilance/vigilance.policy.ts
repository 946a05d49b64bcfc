import { forbidden, notFound } from '../../http/problem';
import { requireUser } from '../../identity/policy';
import type { Principal } from '../../identity/principal';
import type { VigilanceScope } from './vigilance.repository';

// Who may do what with vigilance reports (docs/decisions.md "Vigilance"): physicians report
// reactions on grafts of their clinics and read those reports; bank employees report on grafts of
// their banks, read them, confirm, quarantine and lift; admins and auditors read every report and
// change none. A report the caller may not read does not exist for them (404).

const noReport = () => notFound({ key: 'problem.vigilance.noReport' });

/** The reports a caller reads. */
export function readScope(principal: Principal | null): VigilanceScope {
  const caller = requireUser(principal);
  if (caller.admin || caller.audit) {
    return { all: true };
  }
  if (caller.clinicIds.length === 0 && caller.euteIds.length === 0) {
    throw forbidden({ key: 'problem.vigilance.whoSees' });
  }
  return { euteIds: caller.euteIds, clinicIds: caller.clinicIds };
}

export type Side = 'bank' | 'clinic' | 'reader';

/** How the caller stands to a report or a graft: its bank, its clinic, a reader of all, or not at all. */
function standing(caller: Principal, record: { euteId: string; clinicId: string | null }): Side | undefined {
  if (caller.euteIds.includes(record.euteId)) {
    return 'bank';
  }
  if (record.clinicId !== null && caller.clinicIds.includes(record.clinicId)) {
    return 'clinic';
  }
  return caller.admin || caller.audit ? 'reader' : undefined;
}

/** How the caller stands to a report; 404 for others. */
export function sideOf(
  principal: Principal | null,
  report: { euteId: string; clinicId: string | null } | undefined,
): Side {
  const caller = requireUser(principal);
  const side = report && standing(caller, report);
  if (side) {
    return side;
  }
  readScope(caller);
  throw noReport();
}

/** A lot the caller may not report on: the text of every route for a lot the caller may not see. */
export const noGraft = (lot: string) => notFound({ key: 'problem.noGraft', params: { lot } });

/**
 * How the caller stands to the graft they report on. Another clinic's or bank's graft answers the
 * same 404 as a lot that does not exist; a caller of no clinic or bank gets 403 whatever the lot.
 */
export function graftSideOf(
  principal: Principal | null,
  graft: { euteId: string; clinicId: string | null } | undefined,
  lot: string,
): Side {
  const caller = requireUser(principal);
  readScope(caller);
  const side = graft && standing(caller, graft);
  if (!side) {
    throw noGraft(lot);
  }
  return side;
}

/** A change by the report's bank or clinic; readers of all get 403, others 404. */
export function requireWriter(side: Side): 'bank' | 'clinic' {
  if (side === 'reader') {
    throw forbidden({ key: 'problem.vigilance.readersChangeNothing' });
  }
  return side;
}

/** A step only the report's bank takes: confirming, quarantining, lifting. */
export function requireBank(
  side: Side,
  step: 'bankConfirmation' | 'bankConfirms' | 'bankQuarantines' | 'bankLifts',
): void {
  if (requireWriter(side) !== 'bank') {
    throw forbidden({ key: `problem.vigilance.${step}` });
  }
}
