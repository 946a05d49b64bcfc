import {
  isRequestStepOf,
  type CorrectionRequest,
  type CreateGraftRequestRequest,
  type GraftRequest,
  type RequestHistory,
  type RequestInbox,
  type RequestSide,
  type RequestStepAction,
  type RequestStepBodies,
} from '@graftmatch/domain';
import { call } from '../../api/call';

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

/** Takes one of the side's steps; the body is the one the domain's step map gives the action. */
export function takeStep<A extends RequestStepAction>(
  side: RequestSide,
  id: string,
  action: A,
  body: RequestStepBodies[A],
): Promise<GraftRequest> {
  if (side === 'physician' && isRequestStepOf('physician', action)) {
    return call('POST /physician/requests/{id}/{action}', { params: { id, action }, body });
  }
  if (side === 'bank' && isRequestStepOf('bank', action)) {
    return call('POST /euteemployee/requests/{id}/{action}', { params: { id, action }, body });
  }
  return Promise.reject(new Error(`The ${side} takes no step ${action}.`));
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
