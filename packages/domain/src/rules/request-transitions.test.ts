import { describe, expect, it } from 'vitest';
import { REQUEST_STATES, type RequestAction, type RequestActorSide } from '../constants/graft-requests';
import { decideRequestTransition, isOpenRequestState, possibleRequestActions } from './request-transitions';

const ACTIONS: [RequestAction, RequestActorSide][] = [
  ['reserve', 'bank'],
  ['decline', 'bank'],
  ['assign', 'bank'],
  ['deliver', 'bank'],
  ['confirm', 'physician'],
  ['withdraw', 'physician'],
  ['implant', 'physician'],
  ['return', 'physician'],
  ['lapse', 'system'],
];

describe('decideRequestTransition', () => {
  it('walks the whole loop: requested → reserved → confirmed → assigned → delivered → implanted', () => {
    const steps: [RequestAction, RequestActorSide][] = [
      ['reserve', 'bank'],
      ['confirm', 'physician'],
      ['assign', 'bank'],
      ['deliver', 'bank'],
      ['implant', 'physician'],
    ];
    let state: (typeof REQUEST_STATES)[number] = 'requested';
    for (const [action, side] of steps) {
      const decision = decideRequestTransition(state, action, side);
      expect(decision.allowed, `${action} from ${state}`).toBe(true);
      state = decision.allowed ? decision.to : state;
    }
    expect(state).toBe('implanted');
  });

  it('lets only the system lapse a reservation, and only a reservation', () => {
    expect(decideRequestTransition('reserved', 'lapse', 'system')).toEqual({ allowed: true, to: 'lapsed' });
    expect(decideRequestTransition('confirmed', 'lapse', 'system').allowed).toBe(false);
    expect(decideRequestTransition('reserved', 'lapse', 'bank').allowed).toBe(false);
  });

  it('refuses the other side’s steps: a physician cannot reserve, a bank cannot confirm', () => {
    expect(decideRequestTransition('requested', 'reserve', 'physician').allowed).toBe(false);
    expect(decideRequestTransition('reserved', 'confirm', 'bank').allowed).toBe(false);
  });

  it('refuses skipping ahead and says what is possible instead', () => {
    const decision = decideRequestTransition('requested', 'assign', 'bank');
    expect(decision).toEqual({
      allowed: false,
      reason: {
        key: 'problem.requests.stepNotPossible',
        params: { state: 'requested', action: 'assign', possible: 'reserve, decline' },
      },
    });
  });

  it('closes for good: no step at all leaves a closed state', () => {
    for (const state of REQUEST_STATES.filter((s) => !isOpenRequestState(s))) {
      for (const [action, side] of ACTIONS) {
        expect(decideRequestTransition(state, action, side).allowed, `${action} on ${state}`).toBe(false);
      }
    }
  });

  it('offers each open state at least one step to some side, so no request gets stuck', () => {
    for (const state of REQUEST_STATES.filter(isOpenRequestState)) {
      const sides: RequestActorSide[] = ['physician', 'bank', 'system'];
      expect(sides.flatMap((side) => possibleRequestActions(state, side)).length, state).toBeGreaterThan(0);
    }
    expect(possibleRequestActions('delivered', 'physician')).toEqual(['implant', 'return']);
  });
});
