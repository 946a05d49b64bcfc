import { describe, expect, it } from 'vitest';
import {
  cumulativeIncidence,
  cumulativeIncidenceAtTimes,
  type CompetingRiskObservation,
  type CompetingRiskOutcome,
} from './survival-competing-risks';
import { kaplanMeier } from './survival-kaplan-meier';

const observe = (rows: [number, CompetingRiskOutcome][]): CompetingRiskObservation[] =>
  rows.map(([time, outcome]) => ({ time, outcome }));
const closeTo = (values: (number | null)[]) =>
  values.map((value) => (value === null ? null : expect.closeTo(value, 6)));

// Eleven grafts: explants (event), deaths (competing) and censorings, with ties on days 30, 60, 120
// and 150. The expected numbers are R's survfit with a multi-state outcome (survival 3.5.3).
const elevenGrafts = observe([
  [5, 'event'],
  [30, 'event'],
  [30, 'competing'],
  [30, 'censored'],
  [60, 'censored'],
  [60, 'competing'],
  [90, 'event'],
  [120, 'censored'],
  [120, 'event'],
  [150, 'competing'],
  [150, 'event'],
]);

describe('cumulative incidence with a competing risk (Aalen–Johansen)', () => {
  it('adds, at each event, the share of those at risk times the chance of having had neither before', () => {
    const curve = cumulativeIncidence(elevenGrafts);

    expect(
      curve.map(({ time, atRisk, events, competingEvents, censored }) => [
        time,
        atRisk,
        events,
        competingEvents,
        censored,
      ]),
    ).toEqual([
      [5, 11, 1, 0, 0],
      [30, 10, 1, 1, 1],
      [60, 7, 0, 1, 1],
      [90, 5, 1, 0, 0],
      [120, 4, 1, 0, 1],
      [150, 2, 1, 1, 0],
    ]);
    // Day 30: 10/11 free of both before it, 1 of the 10 at risk explanted, 1 died.
    expect(curve[1]!.event.value).toBeCloseTo(1 / 11 + (10 / 11) * (1 / 10), 12);
    expect(curve[2]!.competing.value).toBeCloseTo(1 / 11 + (8 / 11) * (1 / 7), 12);
    expect(curve.map((step) => step.event.value)).toEqual(
      closeTo([0.0909091, 0.1818182, 0.1818182, 0.3064935, 0.4311688, 0.6181818]),
    );
    expect(curve.map((step) => step.competing.value)).toEqual(
      closeTo([0, 0.0909091, 0.1948052, 0.1948052, 0.1948052, 0.3818182]),
    );
  });

  it("gives R's infinitesimal-jackknife standard errors and log-scale limits", () => {
    const curve = cumulativeIncidence(elevenGrafts);

    // Day 5 by hand: ten grafts at risk move the estimate by -1/121 each, the explanted one by 10/121.
    expect(curve[0]!.event.standardError).toBeCloseTo(Math.sqrt(10 / 121 ** 2 + (10 / 121) ** 2), 12);
    expect(curve.map((step) => step.event.standardError)).toEqual(
      closeTo([0.0866784, 0.1162913, 0.1162913, 0.150789, 0.1659319, 0.1796484]),
    );
    expect(curve.map((step) => step.event.lower)).toEqual(
      closeTo([0.0140287, 0.0519047, 0.0519047, 0.1168547, 0.2028006, 0.3497442]),
    );
    expect(curve.map((step) => step.event.upper)).toEqual(
      closeTo([0.5891097, 0.6368947, 0.6368947, 0.8038893, 0.9166964, 1]),
    );
    expect(curve.map((step) => step.competing.standardError)).toEqual(
      closeTo([0, 0.0866784, 0.124162, 0.124162, 0.124162, 0.1796484]),
    );
    expect(curve.map((step) => step.competing.lower)).toEqual(
      closeTo([null, 0.0140287, 0.0558566, 0.0558566, 0.0558566, 0.1518308]),
    );
    expect(curve.map((step) => step.competing.upper)).toEqual(
      closeTo([null, 0.5891097, 0.6794013, 0.6794013, 0.6794013, 0.9601818]),
    );
  });

  it('is one minus Kaplan–Meier when nobody has the competing event', () => {
    const onlyExplants = elevenGrafts.map(({ time, outcome }) => ({
      time,
      outcome: outcome === 'competing' ? ('censored' as const) : outcome,
    }));
    const survival = kaplanMeier(onlyExplants.map(({ time, outcome }) => ({ time, event: outcome === 'event' })));

    expect(cumulativeIncidence(onlyExplants).map((step) => step.event.value)).toEqual(
      survival.map((step) => expect.closeTo(1 - step.survival.value, 12)),
    );
  });

  it('shares all of the probability between the two once every graft has had one', () => {
    const last = cumulativeIncidence(elevenGrafts).at(-1)!;

    expect(last.event.value + last.competing.value).toBeCloseTo(1, 12);
  });

  it('refuses negative times', () => {
    expect(() => cumulativeIncidence(observe([[-3, 'event']]))).toThrow(RangeError);
  });
});

describe('cumulative incidence at chosen times', () => {
  it('reads the last step at or before each time and those still followed at it, as R prints them', () => {
    const atTimes = cumulativeIncidenceAtTimes(cumulativeIncidence(elevenGrafts), [10, 30, 45, 150, 365]);

    expect(atTimes.map(({ time, atRisk, event, competing }) => [time, atRisk, event?.value, competing?.value])).toEqual(
      [
        [10, 10, expect.closeTo(1 / 11, 12), 0],
        [30, 10, expect.closeTo(2 / 11, 12), expect.closeTo(1 / 11, 12)],
        [45, 7, expect.closeTo(2 / 11, 12), expect.closeTo(1 / 11, 12)],
        [150, 2, expect.closeTo(0.6181818, 6), expect.closeTo(0.3818182, 6)],
        [365, 0, undefined, undefined],
      ],
    );
    expect(atTimes.at(-1)).toEqual({ time: 365, atRisk: 0, event: null, competing: null });
  });

  it('is 0, with no limits, before the first event', () => {
    const [early] = cumulativeIncidenceAtTimes(cumulativeIncidence(elevenGrafts), [1]);
    const none = { value: 0, standardError: 0, lower: null, upper: null };

    expect(early).toEqual({ time: 1, atRisk: 11, event: none, competing: none });
  });
});
