import type {
  CorrectionRequest,
  CreateGraftRequestRequest,
  GraftRequest,
  RequestHistory,
  RequestInbox,
} from '@graftmatch/domain';
import { call } from '../../api/call';
import type { RequestStepBody } from '../../api/routes';

export type RequestSide = 'physician' | 'bank';

export function getMyRequests(): Promise<GraftRequest[]> {
  return call('GET /physician/requests');
}

/** Free grafts somebody requested; shown as "requested", still requestable. */
export function getRequestedLots(): Promise<string[]> {
  return call('GET /physician/requests/lots');
}

export function createRequest(body: CreateGraftRequestRequest): Promise<GraftRequest> {
  return call('POST /physician/requests', { body });
}

export function getInbox(): Promise<RequestInbox> {
  return call('GET /euteemployee/requests');
}

export function takeStep(side: RequestSide, id: string, action: string, body: RequestStepBody): Promise<GraftRequest> {
  return side === 'physician'
    ? call('POST /physician/requests/{id}/{action}', { params: { id, action }, body })
    : call('POST /euteemployee/requests/{id}/{action}', { params: { id, action }, body });
}

/** Corrects a recorded step's date, patient code or reason (docs/api.md, "Corrections"). */
export function correctRequest(id: string, body: CorrectionRequest): Promise<GraftRequest> {
  return call('POST /requests/{id}/corrections', { params: { id }, body });
}

/** The request's steps and corrections, oldest first. */
export function getRequestHistory(id: string): Promise<RequestHistory> {
  return call('GET /requests/{id}/history', { params: { id } });
}

/** Records the receipt of a delivered graft when the package's code is the graft's (docs/api.md, "receive"). */
export function receiveGraft(id: string, sec: string): Promise<GraftRequest> {
  return call('POST /physician/requests/{id}/receive', { params: { id }, body: { sec } });
}
