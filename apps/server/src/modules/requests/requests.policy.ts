import type { RequestSide } from '@graftmatch/domain';
import { notFound } from '../../http/problem';
import { requireEuteEmployee, requirePhysician, requireUser } from '../../identity/policy';
import type { Principal } from '../../identity/principal';
import type { RequestScope } from '../../queries/requests';

// Who may see and step graft requests (docs/decisions.md, "Graft requests"). The physician side is
// the requesting clinic's physicians, the bank side the graft's bank's employees; auditors read
// both lists and step nothing. Anyone else gets 404, so another tenant's request does not leak.

const noRequest = () => notFound({ key: 'problem.noRequest' });

/** The physician list: the caller's own requests in their clinics; every request for auditors. */
export function physicianListScope(principal: Principal | null): RequestScope {
  const caller = requireUser(principal);
  if (caller.audit) {
    return { all: true };
  }
  return { requesterUserId: caller.userId, clinicIds: requirePhysician(caller).clinicIds };
}

/** The bank's inbox: requests for its grafts; every bank's for auditors. */
export function bankInboxScope(principal: Principal | null): { all: true } | { euteIds: string[] } {
  const caller = requireUser(principal);
  if (caller.audit) {
    return { all: true };
  }
  return { euteIds: requireEuteEmployee(caller).euteIds };
}

/** May the caller take a step of `side` on this request? 403 without the role, 404 for another tenant's. */
export function requireRequestSide(
  principal: Principal | null,
  side: RequestSide,
  request: { clinicId: string; euteId: string } | undefined,
): Principal {
  const caller = requireUser(principal);
  const memberships = side === 'physician' ? requirePhysician(caller).clinicIds : requireEuteEmployee(caller).euteIds;
  const owner = request ? (side === 'physician' ? request.clinicId : request.euteId) : null;
  if (owner === null || !memberships.includes(owner)) {
    throw noRequest();
  }
  return caller;
}
