import { Type, type Static, type TSchema } from '@sinclair/typebox';
import {
  BANK_REQUEST_ACTIONS,
  PHYSICIAN_REQUEST_ACTIONS,
  type BankRequestAction,
  type PhysicianRequestAction,
  type RequestActorSide,
} from '../constants/graft-requests';
import {
  DeliverGraftRequestRequest,
  ImplantGraftRequestRequest,
  OptionalReasonRequest,
  ReasonGraftRequestRequest,
  ReserveGraftRequestRequest,
} from './graft-request';

// The steps of a graft request as routes (docs/api.md "Graft requests"): which side takes each step,
// under which path, with which body. The server registers its step routes from this map and the
// web's route table names them from it, so both read the same paths and bodies.

/** The two sides that take steps by hand; the system's `lapse` has no route. */
export type RequestSide = Exclude<RequestActorSide, 'system'>;
export type RequestStepAction = PhysicianRequestAction | BankRequestAction;

/** Whatever any step may carry: the fields of every step body, each optional. */
export type RequestStepInput = Partial<
  ReserveGraftRequestRequest & ImplantGraftRequestRequest & ReasonGraftRequestRequest & DeliverGraftRequestRequest
>;

/** A step's body schema; its values are always a `RequestStepInput`. */
type StepBodySchema = TSchema & { static: RequestStepInput | undefined };

const NoStepBody = Type.Optional(Type.Object({}, { additionalProperties: false }));

/**
 * Each step's body. A step without a body, or with only optional fields, may be sent with no body at
 * all (`curl -X POST .../assign`); the request's state then decides.
 */
export const REQUEST_STEP_BODIES = {
  confirm: NoStepBody,
  withdraw: NoStepBody,
  implant: ImplantGraftRequestRequest,
  return: ReasonGraftRequestRequest,
  reserve: Type.Optional(ReserveGraftRequestRequest),
  decline: Type.Optional(OptionalReasonRequest),
  assign: NoStepBody,
  deliver: DeliverGraftRequestRequest,
} as const satisfies Record<RequestStepAction, StepBodySchema>;

/** The body each step takes, by action. */
export type RequestStepBodies = { [A in RequestStepAction]: Static<(typeof REQUEST_STEP_BODIES)[A]> };

/** Each side's steps and the path (below `/api`) they are posted to: `{base}/{id}/{action}`. */
export const REQUEST_STEP_SIDES = {
  physician: { base: '/physician/requests', actions: PHYSICIAN_REQUEST_ACTIONS },
  bank: { base: '/euteemployee/requests', actions: BANK_REQUEST_ACTIONS },
} as const satisfies Record<RequestSide, { base: string; actions: readonly RequestStepAction[] }>;

export type RequestStepActionOf<S extends RequestSide> = (typeof REQUEST_STEP_SIDES)[S]['actions'][number];

/** The path below `/api` of one step, with `{id}` left as a parameter. */
export type RequestStepPath<
  S extends RequestSide,
  A extends RequestStepActionOf<S>,
> = `${(typeof REQUEST_STEP_SIDES)[S]['base']}/{id}/${A}`;

/** One step of one side: its action and its body schema. */
export interface RequestStepRoute<S extends RequestSide = RequestSide> {
  action: RequestStepActionOf<S>;
  body: (typeof REQUEST_STEP_BODIES)[RequestStepActionOf<S>];
}

/** A side's steps with their body schemas, in the order the side's actions are listed. */
export function requestStepRoutes<S extends RequestSide>(side: S): RequestStepRoute<S>[] {
  const actions: readonly RequestStepActionOf<S>[] = REQUEST_STEP_SIDES[side].actions;
  return actions.map((action) => ({ action, body: REQUEST_STEP_BODIES[action] }));
}

/** Whether `action` is one of `side`'s steps. */
export function isRequestStepOf<S extends RequestSide>(side: S, action: string): action is RequestStepActionOf<S> {
  return (REQUEST_STEP_SIDES[side].actions as readonly string[]).includes(action);
}
