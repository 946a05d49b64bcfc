import {
  OPEN_REQUEST_STATES,
  fitsWaitingListEntry,
  leadTimeWarning,
  rankCandidates,
  type CandidateInput,
  type GraftRequest,
  type Language,
  type RankedCandidate,
  type RequestInbox,
  type RequestInboxGraft,
  utcDate,
} from '@graftmatch/domain';
import type { Principal } from '../../identity/principal';
import { entryCriteria } from '../waitinglist/waitinglist.mapper';
import { requestToWire, searchableGraft } from './requests.mapper';
import { bankInboxScope } from './requests.policy';
import * as repo from './requests.repository';
import type { RequestsDeps } from './requests.service';

// The bank's inbox (docs/api.md "Graft requests"): each graft with open requests, and each free
// graft with fitting waiting-list entries, with its candidates ranked by the rule of
// docs/decisions.md ("Graft requests"). Auditors read every bank's.

type Entry = Awaited<ReturnType<typeof repo.openEntries>>[number];
type Candidate = CandidateInput &
  Omit<RankedCandidate, 'score' | 'urgency' | 'fit' | 'waiting' | 'request' | 'reason' | 'leadTimeWarning'>;

function entryCandidate(entry: Entry, request: GraftRequest | undefined): Candidate {
  return {
    id: request?.id ?? entry.id,
    diameterRange: { min: entry.queryDMin, max: entry.queryDMax },
    implantFrom: entry.queryIMin,
    since: entry.queryTimestamp,
    requested: request !== undefined,
    requestId: request?.id ?? null,
    waitinglistid: entry.id,
    patient_Code: entry.patientCode,
    c_Name: entry.cName,
    physician_Name: request?.physician_Name ?? entry.physicianName ?? '',
    query_i_min: entry.queryIMin,
    query_i_max: entry.queryIMax,
  };
}

function requestCandidate(request: GraftRequest): Candidate {
  return {
    id: request.id,
    diameterRange: null,
    implantFrom: request.query_i_min,
    since: request.createdAt,
    requested: true,
    requestId: request.id,
    waitinglistid: request.waitinglistid,
    patient_Code: request.patient_Code,
    c_Name: request.c_Name,
    physician_Name: request.physician_Name,
    query_i_min: request.query_i_min,
    query_i_max: request.query_i_max,
  };
}

export async function bankInbox(
  deps: Pick<RequestsDeps, 'db' | 'now'>,
  principal: Principal | null,
  language: Language,
): Promise<RequestInbox> {
  const scope = bankInboxScope(principal);
  const today = utcDate(deps.now());
  const side = 'all' in scope ? null : 'bank';
  const [grafts, entries, requestRows] = await Promise.all([
    repo.freeGraftsOf(deps.db, 'all' in scope ? 'all' : scope.euteIds, today),
    repo.openEntries(deps.db, today),
    repo.listRequests(deps.db, scope, OPEN_REQUEST_STATES),
  ]);
  const byLot = new Map<string, { row: (typeof requestRows)[number]; wire: GraftRequest }[]>();
  for (const row of requestRows) {
    byLot.set(row.eLot, [...(byLot.get(row.eLot) ?? []), { row, wire: requestToWire(row, side, today) }]);
  }
  const inbox: (RequestInboxGraft & { top: number })[] = [];
  const freeLots = new Set<string>();
  for (const graft of grafts) {
    freeLots.add(graft.eLot);
    const searchable = searchableGraft(graft);
    if (!searchable) {
      continue;
    }
    const requests = (byLot.get(graft.eLot) ?? []).map((item) => item.wire);
    const viaEntry = new Map(requests.filter((r) => r.waitinglistid).map((r) => [r.waitinglistid, r]));
    const fitting = entries.filter((entry) => {
      const criteria = entryCriteria(entry);
      return criteria !== null && (viaEntry.has(entry.id) || fitsWaitingListEntry(searchable, criteria));
    });
    const candidates: Candidate[] = [
      ...fitting.map((entry) => entryCandidate(entry, viaEntry.get(entry.id))),
      ...requests
        .filter((r) => !r.waitinglistid || !fitting.some((e) => e.id === r.waitinglistid))
        .map(requestCandidate),
    ];
    if (candidates.length === 0) {
      continue;
    }
    const ranked = rankCandidates(candidates, graft.tDproximal, today, language).map(
      ({ id: _id, diameterRange: _range, implantFrom, since: _since, requested: _requested, ...rest }) => ({
        ...rest,
        leadTimeWarning: leadTimeWarning(implantFrom, today, Number(graft.leadTimeDays)),
      }),
    );
    inbox.push({
      lot: graft.eLot,
      t_ProdName_2: graft.tProdName2,
      t_Dproximal: graft.tDproximal,
      t_Lmax: graft.tLmax,
      expiry: graft.expiryDate,
      e_Name: graft.euteName,
      leadTimeDays: Number(graft.leadTimeDays),
      requests,
      candidates: ranked,
      top: ranked[0]?.score ?? 0,
    });
  }
  // Grafts already held past Free (assigned, delivered) still have their open request to finish.
  for (const [lot, items] of byLot) {
    const first = items[0]!.row;
    if (!freeLots.has(lot)) {
      inbox.push({
        lot,
        t_ProdName_2: first.tProdName2,
        t_Dproximal: first.tDproximal,
        t_Lmax: first.tLmax,
        expiry: first.expiryDate,
        e_Name: first.euteName,
        leadTimeDays: Number(first.leadTimeDays),
        requests: items.map((item) => item.wire),
        candidates: [],
        top: 0,
      });
    }
  }
  const hasRequests = (graft: RequestInboxGraft) => (graft.requests.length > 0 ? 0 : 1);
  return inbox
    .sort((a, b) => hasRequests(a) - hasRequests(b) || b.top - a.top || a.lot.localeCompare(b.lot))
    .map(({ top: _top, ...graft }) => graft);
}
