import type { PushMessage } from '@graftmatch/domain';
import type { Principal } from '../identity/principal';

/**
 * Who an event is for. A connection receives the event when its user matches any part; the parts
 * are checked against the principal as last re-read (at connect and at every ping), so a user who
 * left a clinic or eute stops receiving its events.
 */
export interface PushAudience {
  everyone?: true;
  userIds?: readonly string[];
  /** Physicians of these clinics, or of any active clinic. */
  clinicIds?: readonly string[] | 'any';
  /** Employees of these eutes, or of any active eute. */
  euteIds?: readonly string[] | 'any';
  /** Audit users read everything (docs/decisions.md §5), so they hear of every change. */
  auditors?: true;
}

/** An event and who gets it: what services publish and instances relay to each other. */
export interface PushEnvelope {
  message: PushMessage;
  audience: PushAudience;
}

const memberOf = (selected: readonly string[] | 'any' | undefined, memberships: readonly string[]) =>
  selected === 'any' ? memberships.length > 0 : (selected ?? []).some((id) => memberships.includes(id));

export function reaches(audience: PushAudience, principal: Principal): boolean {
  return (
    audience.everyone === true ||
    (audience.userIds ?? []).includes(principal.userId) ||
    memberOf(audience.clinicIds, principal.clinicIds) ||
    memberOf(audience.euteIds, principal.euteIds) ||
    (audience.auditors === true && principal.audit)
  );
}

/** `testR`: an admin's test alert, to every connected user. */
export function testAlert(message: string): PushEnvelope {
  return { message: { event: 'testR', args: [message] }, audience: { everyone: true } };
}

/** `waitinglistChanged`: the demand changed (every eute employee sees it) and the owner's own list did. */
export function waitingListChanged(ownerUserId: string, waitinglistid: string): PushEnvelope {
  return {
    message: { event: 'waitinglistChanged', args: [{ waitinglistid }] },
    audience: { userIds: [ownerUserId], euteIds: 'any', auditors: true },
  };
}

/** A changed graft as far as visibility goes: its bank, its clinic once assigned, and whether it is Free. */
export interface ChangedGraft {
  lot: string;
  euteId: string;
  clinicId: string | null;
  free: boolean;
}

/**
 * `graftsChanged`: to those who may see the lots (docs/decisions.md §5): every physician while a lot is
 * Free (the search covers all banks), the assigned clinic, the graft's bank, and auditors.
 * For the services that import grafts or change their status.
 */
export function graftsChanged(grafts: readonly ChangedGraft[]): PushEnvelope {
  const clinicIds = grafts.some((graft) => graft.free)
    ? ('any' as const)
    : [...new Set(grafts.flatMap((graft) => (graft.clinicId ? [graft.clinicId] : [])))];
  return {
    message: { event: 'graftsChanged', args: [grafts.map((graft) => graft.lot)] },
    audience: { clinicIds, euteIds: [...new Set(grafts.map((graft) => graft.euteId))], auditors: true },
  };
}

/**
 * `matchFound`: a newly free lot fits waiting-list entries of one physician; only they are told, once
 * per lot with all those entries. For the graft import and a lapsed reservation.
 */
export function matchFound(ownerUserId: string, waitinglistids: [string, ...string[]], lot: string): PushEnvelope {
  return {
    message: { event: 'matchFound', args: [{ waitinglistid: waitinglistids[0], lots: [lot], waitinglistids }] },
    audience: { userIds: [ownerUserId] },
  };
}
