import { sortAndPage, type Page, type Paged } from '../http/paging';
import { forbidden, unauthorized } from '../http/problem';
import type { Principal } from './principal';

// Who may do what (docs/decisions.md §5). Services call these; handlers never check roles themselves.
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
  throw forbidden({ key: access.write ? 'problem.auth.onlyAdminsChange' : 'problem.auth.onlyAdminsSee' });
}

/** A physician: a member of at least one active clinic (`clinicIds`). Answers the caller. */
export function requirePhysician(principal: Principal | null): Principal {
  const caller = requireUser(principal);
  if (caller.clinicIds.length === 0) {
    throw forbidden({ key: 'problem.onlyPhysicians' });
  }
  return caller;
}

/** A tissue-bank employee: a member of at least one active eute (`euteIds`). Answers the caller. */
export function requireEuteEmployee(principal: Principal | null): Principal {
  const caller = requireUser(principal);
  if (caller.euteIds.length === 0) {
    throw forbidden({ key: 'problem.onlyBankEmployees' });
  }
  return caller;
}

/** Which organisations' records a read may cover (all of them for auditors), and who reads. */
export type ReadScope = { caller: Principal } & ({ all: true } | { all: false; ids: string[] });

/** Reading a physician area: physicians see their clinics, auditors see every clinic. */
export function clinicReadScope(principal: Principal | null): ReadScope {
  const caller = requireUser(principal);
  if (caller.audit) {
    return { caller, all: true };
  }
  return { caller, all: false, ids: requirePhysician(caller).clinicIds };
}

/** Reading a tissue-bank area: employees see their eutes, auditors see every eute. */
export function euteReadScope(principal: Principal | null): ReadScope {
  const caller = requireUser(principal);
  if (caller.audit) {
    return { caller, all: true };
  }
  return { caller, all: false, ids: requireEuteEmployee(caller).euteIds };
}

/**
 * An admin list (auditors read it too): every row loaded once the caller may, sorted by `compare`
 * (a domain rule: docs/decisions.md), one page of it presented for the wire.
 */
export async function adminListPage<Row, Item>(
  principal: Principal | null,
  load: () => Promise<Row[]>,
  compare: (a: Row, b: Row) => number,
  page: Page,
  present: (rows: Row[]) => Item[] | Promise<Item[]>,
): Promise<Paged<Item>> {
  requireAdmin(principal, { write: false });
  const paged = sortAndPage(await load(), compare, page);
  return { items: await present(paged.items), total: paged.total };
}
