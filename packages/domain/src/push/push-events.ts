import type { RequestState } from '../constants/graft-requests';
import type { Notification } from '../schemas/notification';

/**
 * Server-to-client push events (docs/decisions.md §8), sent as SignalR invocations: the event name is the
 * invocation's `target`, the tuple its `arguments`. A client subscribes with
 * `connection.on(name, (...args: PushEventMap[name]) => ...)`.
 */
export interface PushEventMap {
  /** An admin's test alert; the client shows the message as an alert. */
  testR: [message: string];
  /** Grafts were imported or changed status; clients re-fetch lists that hold these lots. */
  graftsChanged: [lots: string[]];
  /** Waiting-list entries changed; with an id when a single entry did. */
  waitinglistChanged: [change?: { waitinglistid: string }];
  /**
   * A newly free graft fits waiting-list entries of the recipient: one event per graft and recipient
   * (docs/api.md "Push"). `lots` holds that one lot; `waitinglistids` every entry of the recipient it
   * fits, and `waitinglistid` the first of them, as clients of the first payload read it.
   */
  matchFound: [match: { waitinglistid: string; lots: string[]; waitinglistids: string[] }];
  /** A graft request was made or took a step; both sides re-fetch their requests. */
  requestChanged: [change: { id: string; lot: string; state: RequestState }];
  /** A notification was stored for the recipient (docs/api.md "Notifications"); the bell re-counts. */
  notification: [notification: Notification];
  /**
   * Reminders of this run for the recipient (docs/operations.md "Reminders"): each with its kind,
   * the lot or patient code it is about, and the app's path that deals with it.
   */
  reminder: [reminders: { kind: string; subject: string; path: string }[]];
  /** A vigilance report was made, took a step, or quarantined or released grafts; lists re-fetch. */
  vigilanceChanged: [change: { id: string; lot: string; state: string }];
}
export type PushEventName = keyof PushEventMap;

// A record over all names, so adding an event to the map without listing it here fails to compile.
const pushEventNames: Record<PushEventName, true> = {
  testR: true,
  graftsChanged: true,
  waitinglistChanged: true,
  matchFound: true,
  requestChanged: true,
  notification: true,
  reminder: true,
  vigilanceChanged: true,
};
export const PUSH_EVENT_NAMES = Object.keys(pushEventNames) as PushEventName[];

export function isPushEventName(value: unknown): value is PushEventName {
  return typeof value === 'string' && Object.hasOwn(pushEventNames, value);
}

/** One event with its arguments, as services emit it and instances relay it (LISTEN/NOTIFY). */
export type PushMessage = { [E in PushEventName]: { event: E; args: PushEventMap[E] } }[PushEventName];

/** Where the hub listens. */
export const PUSH_PATH = '/api/push';
/** The server pings this often, and the client's keep-alive matches (spec §9). */
export const PUSH_KEEP_ALIVE_INTERVAL_MS = 15_000;
/** Silence after which either side drops the connection (spec §9). */
export const PUSH_TIMEOUT_MS = 30_000;
