import { forbidden, notFound } from '../../http/problem';
import { clinicReadScope, euteReadScope, requirePhysician, requireUser } from '../../identity/policy';
import { machineReads, machineScope, type MachineReader } from '../../identity/machine';
import type { Principal } from '../../identity/principal';
import type { FollowUpScope } from './followups.repository';

// Who may do what with follow-ups (docs/decisions.md "Follow-ups"): physicians read and record the
// follow-ups of their clinics' implantations; bank employees read those of their banks' grafts;
// auditors read all and change nothing. Another clinic's follow-up or graft answers 404. The FHIR
// API reads them by the same rule, an organisation's system as its organisation (docs/fhir.md "Observation").

/** Who reads follow-ups outside the lists: a logged-in user, or an organisation's system. */
export type FollowUpReader = { principal: Principal | null } | MachineReader;

/** The physician list: the caller's clinics'; every clinic's for auditors. */
export function physicianScope(principal: Principal | null): FollowUpScope {
  const scope = clinicReadScope(principal);
  return scope.all ? { all: true } : { clinicIds: scope.ids };
}

/** The bank list: the caller's banks' grafts; every bank's for auditors. */
export function bankScope(principal: Principal | null): FollowUpScope {
  const scope = euteReadScope(principal);
  return scope.all ? { all: true } : { euteIds: scope.ids };
}

/** A physician who records: 403 for auditors (they change nothing) and for callers of no clinic. */
export function requireRecorder(principal: Principal | null): Principal {
  const caller = requireUser(principal);
  if (caller.audit) {
    throw forbidden({ key: 'problem.followups.auditorsRead' });
  }
  return requirePhysician(caller);
}

/** The follow-up, if it is of the caller's clinics; else 404, so another clinic's does not leak. */
export function requireOwnFollowUp<T extends { clinicId: string }>(caller: Principal, row: T | undefined): T {
  if (!row || !caller.clinicIds.includes(row.clinicId)) {
    throw notFound({ key: 'problem.followups.noFollowUp' });
  }
  return row;
}

/** The implantation of a lot, if it was at the caller's clinics; else the 404 of every lot the caller may not see. */
export function requireOwnImplantation<T extends { clinicId: string }>(
  caller: Principal,
  implantation: T | undefined,
  lot: string,
): T {
  if (!implantation || !caller.clinicIds.includes(implantation.clinicId)) {
    throw notFound({ key: 'problem.noGraft', params: { lot } });
  }
  return implantation;
}

/**
 * A reader of the FHIR API: auditors every follow-up; a user their clinics' and their banks' grafts';
 * a system its organisation's. 403 for anyone else: admins read no follow-ups, as in the lists.
 */
export function readerScope(reader: FollowUpReader): FollowUpScope {
  if ('machineOf' in reader) {
    return machineScope(reader);
  }
  const caller = requireUser(reader.principal);
  if (caller.audit) {
    return { all: true };
  }
  if (caller.clinicIds.length === 0 && caller.euteIds.length === 0) {
    throw forbidden({ key: 'problem.followups.whoReads' });
  }
  return { clinicIds: caller.clinicIds, euteIds: caller.euteIds };
}

/** Whether the reader reads every follow-up of the bank's grafts (its FHIR export). */
export function readsBankFollowUps(reader: FollowUpReader, euteId: string): boolean {
  if ('machineOf' in reader) {
    return machineReads(reader, { euteId, clinicId: null });
  }
  return reader.principal !== null && (reader.principal.audit || reader.principal.euteIds.includes(euteId));
}
