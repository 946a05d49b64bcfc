import { describe, expect, it } from 'vitest';
import { kaplanMeier, kaplanMeierAtTimes, type SurvivalObservation } from './survival-kaplan-meier';

const observe = (times: number[], events: boolean[]): SurvivalObservation[] =>
  times.map((time, index) => ({ time, event: events[index]! }));

// Ten grafts, an explant on day 0, ties of explants and censorings on days 30, 60 and 120, and the
// last graft explanted on day 150. The expected numbers are R's survfit and summary (survival 3.5.3).
const tenGrafts = observe(
  [0, 30, 30, 30, 60, 60, 90, 120, 120, 150],
  [true, true, true, false, false, true, true, false, true, true],
);

describe('Kaplan–Meier freedom from an event', () => {
  it('steps down at each event by the share of those at risk, Greenwood giving the error', () => {
    const curve = kaplanMeier(tenGrafts);

    expect(curve.map(({ time, atRisk, events, censored }) => [time, atRisk, events, censored])).toEqual([
      [0, 10, 1, 0],
      [30, 9, 2, 1],
      [60, 6, 1, 1],
      [90, 4, 1, 0],
      [120, 3, 1, 1],
      [150, 1, 1, 0],
    ]);
    const [day0, day30] = curve;
    expect(day0!.survival.value).toBeCloseTo(0.9, 12);
    expect(day0!.survival.standardError).toBeCloseTo(0.9 * Math.sqrt(1 / (10 * 9)), 12);
    expect(day0!.survival.lower).toBeCloseTo(0.7320116, 6);
    expect(day0!.survival.upper).toBe(1);
    expect(day30!.survival.value).toBeCloseTo(0.9 * (7 / 9), 12);
    expect(day30!.survival.standardError).toBeCloseTo(0.7 * Math.sqrt(1 / 90 + 2 / (9 * 7)), 12);
    expect(curve.map((step) => step.survival.value)).toEqual(
      [0.9, 0.7, 0.5833333, 0.4375, 0.2916667, 0].map((value) => expect.closeTo(value, 6)),
    );
    expect(curve.map((step) => step.survival.lower)).toEqual(
      [0.7320116, 0.4665332, 0.3395962, 0.1999883, 0.0952224].map((value) => expect.closeTo(value, 6)).concat(null),
    );
    expect(curve.map((step) => step.survival.upper)).toEqual(
      [1, 1, 1, 0.9570875, 0.893376].map((value) => expect.closeTo(value, 6)).concat(null),
    );
  });

  it('counts those censored at an event time as still at risk for those events', () => {
    const day30 = kaplanMeier(tenGrafts)[1]!;

    expect(day30.atRisk).toBe(9);
    expect(day30.survival.value).toBeCloseTo(0.9 * (1 - 2 / 9), 12);
  });

  it('has no error or limits once nobody is left free of the event, as R gives NaN and NA', () => {
    expect(kaplanMeier(tenGrafts).at(-1)!.survival).toEqual({
      value: 0,
      standardError: null,
      lower: null,
      upper: null,
    });
  });

  it('stays at 1, with no error, while only censorings have happened', () => {
    const curve = kaplanMeier(observe([10, 20, 40], [false, false, true]));

    expect(curve[1]!.survival).toEqual({ value: 1, standardError: 0, lower: 1, upper: 1 });
    expect(curve[2]!.survival.value).toBe(0);
  });

  it('does not depend on the order of the observations', () => {
    expect(kaplanMeier([...tenGrafts].reverse())).toEqual(kaplanMeier(tenGrafts));
  });

  it('refuses negative or unknown times', () => {
    expect(() => kaplanMeier(observe([5, -1], [true, false]))).toThrow(RangeError);
    expect(() => kaplanMeier(observe([Number.NaN], [true]))).toThrow(/Observation 0/);
  });
});

describe('Kaplan–Meier at chosen times', () => {
  it('reads the estimate of the last step at or before each time and those still followed at it, as R prints them', () => {
    const atTimes = kaplanMeierAtTimes(kaplanMeier(tenGrafts), [0, 10, 30, 45, 150, 200]);

    expect(atTimes.map(({ time, atRisk, survival }) => [time, atRisk, survival?.value])).toEqual([
      [0, 10, expect.closeTo(0.9, 12)],
      [10, 9, expect.closeTo(0.9, 12)],
      [30, 9, expect.closeTo(0.7, 12)],
      [45, 6, expect.closeTo(0.7, 12)],
      [150, 1, 0],
      [200, 0, undefined],
    ]);
    expect(atTimes[3]!.survival!.standardError).toBeCloseTo(0.1449138, 6);
  });

  it('gives nothing past the last observation, where R prints no row, and nobody at risk', () => {
    const [year] = kaplanMeierAtTimes(kaplanMeier(observe([100, 200], [true, false])), [365]);

    expect(year).toEqual({ time: 365, atRisk: 0, survival: null });
  });

  it('is 1 with everyone at risk before the first observation', () => {
    const [early] = kaplanMeierAtTimes(kaplanMeier(observe([30, 60], [true, false])), [10]);

    expect(early).toEqual({ time: 10, atRisk: 2, survival: { value: 1, standardError: 0, lower: 1, upper: 1 } });
  });

  it('has nothing to say without observations', () => {
    expect(kaplanMeier([])).toEqual([]);
    expect(kaplanMeierAtTimes([], [365])).toEqual([{ time: 365, atRisk: 0, survival: null }]);
  });
});
