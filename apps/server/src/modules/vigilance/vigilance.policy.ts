import { forbidden, notFound } from '../../http/problem';
import { requireUser } from '../auth/auth.policy';
import type { Principal } from '../auth/principal';
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

/** How the caller stands to a report (or a graft): its bank, its clinic, or a reader of all; 404 for others. */
export function sideOf(
  principal: Principal | null,
  report: { euteId: string; clinicId: string | null } | undefined,
): Side {
  const caller = requireUser(principal);
  if (report && caller.euteIds.includes(report.euteId)) {
    return 'bank';
  }
  if (report && report.clinicId !== null && caller.clinicIds.includes(report.clinicId)) {
    return 'clinic';
  }
  if (report && (caller.admin || caller.audit)) {
    return 'reader';
  }
  readScope(caller);
  throw noReport();
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
