import { DEFAULT_TIME_ZONE, localDay } from '@graftmatch/domain';

/** A clock for the app's `now` dependency that tests move forward instead of sleeping. */
export function testClock(start = new Date()) {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advanceSeconds(seconds: number) {
      current += seconds * 1000;
    },
    advanceMinutes(minutes: number) {
      current += minutes * 60_000;
    },
    advanceDays(days: number) {
      current += days * 86_400_000;
    },
  };
}

/**
 * 09:00 UTC today: the same day in UTC and in the demo's zones, with hours left of it, so that a
 * test clock started there dates its steps alike whenever the test runs (docs/decisions.md "Time zones").
 */
export const thisMorning = () => new Date(`${new Date().toISOString().slice(0, 10)}T09:00:00.000Z`);

/**
 * Today as the demo's clinics and banks date a clinical step (an implantation, a delivery, a
 * reaction, a follow-up): the local day of their zone, already tomorrow's UTC date late in the
 * evening (docs/decisions.md "Time zones").
 */
export const clinicalToday = () => localDay(new Date(), DEFAULT_TIME_ZONE);
