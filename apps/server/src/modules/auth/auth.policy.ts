import { forbidden, unauthorized } from '../../http/problem';
import type { Principal } from './principal';

// Who may do what (design.md §5). Services call these; handlers never check roles themselves.
// Each answers what the caller may reach, or throws 401 (no caller) / 403 (not allowed).
// The audit flag reads everything and changes nothing.

/** The caller, or 401. Protected routes always have one; this narrows the type for services. */
export function requireUser(principal: Principal | null): Principal {
  if (!principal) {
    throw unauthorized();
  }
  return principal;
}

/** Admins read and write; audit users read. */
export function requireAdmin(principal: Principal | null, access: { write: boolean }): Principal {
  const caller = requireUser(principal);
  if (caller.admin || (caller.audit && !access.write)) {
    return caller;
  }
  throw forbidden(
    access.write ? 'Only administrators may change this.' : 'Only administrators and auditors may see this.',
  );
}

/** A physician: a member of at least one active clinic. Answers those clinics' ids. */
export function requirePhysician(principal: Principal | null): string[] {
  const caller = requireUser(principal);
  if (caller.clinicIds.length === 0) {
    throw forbidden('Only physicians of an active clinic may do this.');
  }
  return caller.clinicIds;
}

/** A tissue-bank employee: a member of at least one active eute. Answers those eutes' ids. */
export function requireEuteEmployee(principal: Principal | null): string[] {
  const caller = requireUser(principal);
  if (caller.euteIds.length === 0) {
    throw forbidden('Only employees of an active tissue bank may do this.');
  }
  return caller.euteIds;
}

/** Which organisations' records a read may cover: all of them for auditors. */
export type ReadScope = { all: true } | { all: false; ids: string[] };

/** Reading a physician area: physicians see their clinics, auditors see every clinic. */
export function clinicReadScope(principal: Principal | null): ReadScope {
  const caller = requireUser(principal);
  if (caller.audit) {
    return { all: true };
  }
  return { all: false, ids: requirePhysician(caller) };
}

/** Reading a tissue-bank area: employees see their eutes, auditors see every eute. */
export function euteReadScope(principal: Principal | null): ReadScope {
  const caller = requireUser(principal);
  if (caller.audit) {
    return { all: true };
  }
  return { all: false, ids: requireEuteEmployee(caller) };
}
