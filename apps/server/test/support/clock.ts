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
