import type { Message } from '../i18n/translate';
import {
  OPEN_REQUEST_STATES,
  type RequestAction,
  type RequestActorSide,
  type RequestState,
} from '../constants/graft-requests';

// The one place that decides which step of a graft request is allowed (docs/decisions.md,
// "Graft requests"): state × action × side → next state. Anything not listed is refused.

interface Transition {
  from: RequestState;
  action: RequestAction;
  side: RequestActorSide;
  to: RequestState;
}

export const REQUEST_TRANSITIONS: readonly Transition[] = [
  { from: 'requested', action: 'reserve', side: 'bank', to: 'reserved' },
  { from: 'requested', action: 'decline', side: 'bank', to: 'declined' },
  { from: 'requested', action: 'withdraw', side: 'physician', to: 'withdrawn' },
  { from: 'reserved', action: 'confirm', side: 'physician', to: 'confirmed' },
  { from: 'reserved', action: 'withdraw', side: 'physician', to: 'withdrawn' },
  { from: 'reserved', action: 'decline', side: 'bank', to: 'declined' },
  { from: 'reserved', action: 'lapse', side: 'system', to: 'lapsed' },
  { from: 'confirmed', action: 'assign', side: 'bank', to: 'assigned' },
  { from: 'confirmed', action: 'withdraw', side: 'physician', to: 'withdrawn' },
  { from: 'confirmed', action: 'decline', side: 'bank', to: 'declined' },
  { from: 'assigned', action: 'deliver', side: 'bank', to: 'delivered' },
  { from: 'delivered', action: 'implant', side: 'physician', to: 'implanted' },
  { from: 'delivered', action: 'return', side: 'physician', to: 'returned' },
];

export type TransitionDecision = { allowed: true; to: RequestState } | { allowed: false; reason: Message };

/** Whether `side` may take `action` on a request in `state`, and the state it leads to. */
export function decideRequestTransition(
  state: RequestState,
  action: RequestAction,
  side: RequestActorSide,
): TransitionDecision {
  const found = REQUEST_TRANSITIONS.find((t) => t.from === state && t.action === action && t.side === side);
  if (found) {
    return { allowed: true, to: found.to };
  }
  const possible = REQUEST_TRANSITIONS.filter((t) => t.from === state && t.side === side).map((t) => t.action);
  return {
    allowed: false,
    reason:
      possible.length === 0
        ? { key: 'problem.requests.noStepNow', params: { state } }
        : action === 'lapse'
          ? { key: 'problem.requests.cannotLapse', params: { state, possible: possible.join(', ') } }
          : { key: 'problem.requests.stepNotPossible', params: { state, action, possible: possible.join(', ') } },
  };
}

/** The steps `side` may take now, for buttons. */
export function possibleRequestActions(state: RequestState, side: RequestActorSide): RequestAction[] {
  return REQUEST_TRANSITIONS.filter((t) => t.from === state && t.side === side).map((t) => t.action);
}

export function isOpenRequestState(state: RequestState): boolean {
  return (OPEN_REQUEST_STATES as readonly RequestState[]).includes(state);
}
