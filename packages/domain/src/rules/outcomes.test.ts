import { describe, expect, it } from 'vitest';
import { graftOutcome, outcomeCurves, outcomeSummary, daysFrom, type OutcomeRecord } from './outcomes';
import { kaplanMeier, kaplanMeierAtTimes } from './survival-kaplan-meier';
import { cumulativeIncidence, cumulativeIncidenceAtTimes } from './survival-competing-risks';

const TODAY = '2026-06-01';

const alive = (date: string): OutcomeRecord => ({
  date,
  patientStatus: 'alive',
  deathDate: null,
  graftStatus: 'functioning',
  reinterventionDate: null,
  explantDate: null,
});

describe("a graft's times from its follow-ups", () => {
  it('counts days between calendar days, leap days included', () => {
    expect(daysFrom('2024-02-28', '2024-03-01')).toBe(2);
    expect(daysFrom('2020-01-01', '2021-01-01')).toBe(366);
    expect(daysFrom('2021-01-01', '2020-01-01')).toBe(0);
  });

  it('censors a graft without news at its implantation, and one followed at its last record', () => {
    expect(graftOutcome({ implantedOn: '2025-01-01', visits: [], records: [] }, TODAY)).toMatchObject({
      failure: { time: 0, event: false },
      explant: { time: 0, outcome: 'censored' },
    });
    const followed = graftOutcome(
      { implantedOn: '2025-01-01', visits: [], records: [alive('2025-01-31'), alive('2026-01-01')] },
      TODAY,
    );
    expect(followed.failure).toEqual({ time: 365, event: false });
    expect(followed.explant).toEqual({ time: 365, outcome: 'censored' });
  });

  it('takes the first explant or reintervention as the event; only an explant counts for the incidence', () => {
    const reintervened = graftOutcome(
      {
        implantedOn: '2020-01-01',
        visits: [],
        records: [
          { ...alive('2021-01-01'), graftStatus: 'reintervention', reinterventionDate: '2020-07-01' },
          { ...alive('2023-01-01'), graftStatus: 'explanted', explantDate: '2022-12-01' },
        ],
      },
      TODAY,
    );
    expect(reintervened.failure).toEqual({ time: daysFrom('2020-01-01', '2020-07-01'), event: true });
    expect(reintervened.explant).toEqual({ time: daysFrom('2020-01-01', '2022-12-01'), outcome: 'event' });
  });

  it('makes a death the competing event and the end of follow-up; an explant on the day of death is an explant', () => {
    const died = graftOutcome(
      {
        implantedOn: '2020-01-01',
        visits: [],
        records: [{ ...alive('2022-03-01'), patientStatus: 'died', deathDate: '2022-02-01' }],
      },
      TODAY,
    );
    expect(died.failure).toEqual({ time: daysFrom('2020-01-01', '2022-02-01'), event: false });
    expect(died.explant).toEqual({ time: daysFrom('2020-01-01', '2022-02-01'), outcome: 'competing' });
    const both = graftOutcome(
      {
        implantedOn: '2020-01-01',
        visits: [],
        records: [
          {
            ...alive('2022-02-01'),
            patientStatus: 'died',
            deathDate: '2022-02-01',
            graftStatus: 'explanted',
            explantDate: '2022-02-01',
          },
        ],
      },
      TODAY,
    );
    expect(both.failure.event).toBe(true);
    expect(both.explant.outcome).toBe('event');
  });

  it('counts visits due by today (or recorded early) and not ended, and of them those recorded', () => {
    const outcome = graftOutcome(
      {
        implantedOn: '2025-01-01',
        visits: [
          { dueOn: '2025-01-31', state: 'done' },
          { dueOn: '2026-01-01', state: 'lost' },
          { dueOn: '2026-06-10', state: 'done' },
          { dueOn: '2027-01-01', state: 'open' },
          { dueOn: '2026-05-01', state: 'ended' },
        ],
        records: [],
      },
      TODAY,
    );
    expect([outcome.recorded, outcome.due]).toEqual([2, 3]);
  });
});

describe('a group of grafts', () => {
  const grafts = [
    { failure: { time: 100, event: true }, explant: { time: 100, outcome: 'event' as const } },
    { failure: { time: 400, event: false }, explant: { time: 400, outcome: 'censored' as const } },
    { failure: { time: 500, event: true }, explant: { time: 900, outcome: 'competing' as const } },
    { failure: { time: 2000, event: false }, explant: { time: 2000, outcome: 'competing' as const } },
    { failure: { time: 3700, event: false }, explant: { time: 3700, outcome: 'censored' as const } },
  ].map((graft, index) => ({ ...graft, due: 2, recorded: index % 2 }));

  it('reads the estimators at 1, 5 and 10 years, with the counts and completeness', () => {
    const summary = outcomeSummary(grafts);
    const days = [365.25, 1826.25, 3652.5];
    const freedom = kaplanMeierAtTimes(kaplanMeier(grafts.map((g) => g.failure)), days);
    const incidence = cumulativeIncidenceAtTimes(cumulativeIncidence(grafts.map((g) => g.explant)), days);
    expect(summary).toMatchObject({
      grafts: 5,
      followUpsDue: 10,
      followUpsRecorded: 2,
      completeness: 0.2,
      explantsOrReinterventions: 2,
      explants: 1,
      deaths: 2,
    });
    expect(summary.horizons.map((h) => [h.years, h.days, h.atRisk, h.explantAtRisk])).toEqual([
      [1, 365.25, freedom[0]!.atRisk, incidence[0]!.atRisk],
      [5, 1826.25, 2, 2],
      [10, 3652.5, 1, 1],
    ]);
    summary.horizons.forEach((horizon, index) => {
      expect(horizon.freedom?.value).toBe(freedom[index]!.survival?.value);
      expect(horizon.freedom?.lower).toBe(freedom[index]!.survival?.lower);
      expect(horizon.explant?.upper).toBe(incidence[index]!.event?.upper);
      expect(horizon.death?.value).toBe(incidence[index]!.competing?.value);
    });
  });

  it('says nothing past the last follow-up, and has no completeness before anything is due', () => {
    const early = outcomeSummary([
      { failure: { time: 30, event: false }, explant: { time: 30, outcome: 'censored' }, due: 0, recorded: 0 },
    ]);
    expect(early.completeness).toBeNull();
    expect(early.horizons.map((h) => [h.atRisk, h.freedom, h.explant])).toEqual([
      [0, null, null],
      [0, null, null],
      [0, null, null],
    ]);
  });

  it('draws the curves from day 0 through every event to the last day of follow-up', () => {
    const curves = outcomeCurves(grafts);
    expect(curves.freedom.map((p) => [p.day, p.value])).toEqual([
      [0, 1],
      [100, 0.8],
      [500, expect.closeTo(0.8 * (2 / 3), 12)],
      [3700, expect.closeTo(0.8 * (2 / 3), 12)],
    ]);
    expect(curves.explant.map((p) => [p.day, p.value])).toEqual([
      [0, 0],
      [100, 0.2],
      [3700, 0.2],
    ]);
    expect(curves.explant[0]).toEqual({ day: 0, value: 0, lower: null, upper: null });
  });
});
