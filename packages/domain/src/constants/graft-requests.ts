/**
 * States of a graft request (docs/api.md "Graft requests"). `requested`, `reserved`, `confirmed`,
 * `assigned` and `delivered` are open; the other five close the request.
 */
export const REQUEST_STATES = [
  'requested',
  'reserved',
  'confirmed',
  'assigned',
  'delivered',
  'implanted',
  'returned',
  'declined',
  'lapsed',
  'withdrawn',
] as const;
export type RequestState = (typeof REQUEST_STATES)[number];

/** States in which a request holds its graft: at most one request per graft is in one of them. */
export const HOLDING_REQUEST_STATES = [
  'reserved',
  'confirmed',
  'assigned',
  'delivered',
] as const satisfies readonly RequestState[];
/** States still waiting for a step. */
export const OPEN_REQUEST_STATES = ['requested', ...HOLDING_REQUEST_STATES] as const satisfies readonly RequestState[];

/** Steps the requesting physician takes (`POST /physician/requests/{id}/{action}`). */
export const PHYSICIAN_REQUEST_ACTIONS = ['confirm', 'withdraw', 'implant', 'return'] as const;
/** Steps the graft's tissue bank takes (`POST /euteemployee/requests/{id}/{action}`). */
export const BANK_REQUEST_ACTIONS = ['reserve', 'decline', 'assign', 'deliver'] as const;
export type PhysicianRequestAction = (typeof PHYSICIAN_REQUEST_ACTIONS)[number];
export type BankRequestAction = (typeof BANK_REQUEST_ACTIONS)[number];
/** `lapse` is the system's own step at a reservation's deadline. */
export type RequestAction = PhysicianRequestAction | BankRequestAction | 'lapse';
export type RequestActorSide = 'physician' | 'bank' | 'system';

/** The bank inbox's views (`?show=`): requests waiting for an answer, reservations lapsing soon, grafts to deliver. */
export const INBOX_VIEWS = ['open', 'lapsing', 'delivery'] as const;
export type InboxView = (typeof INBOX_VIEWS)[number];

/** A reservation lasts this long unless the bank says otherwise, and at most the maximum. */
export const DEFAULT_RESERVATION_HOURS = 24;
export const MAX_RESERVATION_HOURS = 168;
/** Days a tissue bank needs from assignment to delivery, unless an admin sets another. */
export const DEFAULT_LEAD_TIME_DAYS = 2;
export const MAX_LEAD_TIME_DAYS = 60;

/**
 * A request, waiting-list entry or reservation for a patient code that had an implantation of the
 * same graft type within this many days needs an acknowledgement with a reason (docs/decisions.md,
 * "One implantation per patient").
 */
export const PRIOR_IMPLANTATION_DAYS = 90;
