import { ALERT_EVENTS, ALERT_EVENTS_OF, type AlertEvent, type User } from '@graftmatch/domain';

/**
 * The events a user can choose channels for: those of each side they belong to (a clinic's
 * physician, a bank's employee, an admin), once each, in the order of `ALERT_EVENTS`, which keeps
 * each side's own order. An auditor who is nothing else receives none.
 */
export function alertEventsOf(user: Pick<User, 'clinics' | 'eutes' | 'admin'>): AlertEvent[] {
  const sides: (readonly AlertEvent[])[] = [
    user.clinics.length > 0 ? ALERT_EVENTS_OF.physician : [],
    user.eutes.length > 0 ? ALERT_EVENTS_OF.bank : [],
    user.admin ? ALERT_EVENTS_OF.admin : [],
  ];
  return ALERT_EVENTS.filter((event) => sides.some((events) => events.includes(event)));
}
