import type { FollowUpStoredState } from '../constants/follow-ups';
import type { FollowUpRecord } from '../schemas/follow-ups';
import type { OutcomeCurvePoint, OutcomeCurves, OutcomeEstimate, OutcomeSummary } from '../schemas/outcomes';
import { DAY_MS } from './dates';
import {
  cumulativeIncidence,
  cumulativeIncidenceAtTimes,
  type CompetingRiskObservation,
  type CumulativeIncidenceStep,
} from './survival-competing-risks';
import type { ProbabilityEstimate } from './survival-estimates';
import {
  kaplanMeier,
  kaplanMeierAtTimes,
  type KaplanMeierStep,
  type SurvivalObservation,
} from './survival-kaplan-meier';

// The bank's quality view from its grafts' follow-ups (docs/decisions.md "Outcome statistics"):
// each graft's times, then per group of grafts the completeness, the estimates at 1, 5 and 10
// years and the step curves.

/** The horizons of the table, in years. */
export const OUTCOME_HORIZON_YEARS = [1, 5, 10] as const;
/** A year of follow-up in days, as in `summary(fit, times = years * 365.25)`. */
export const DAYS_PER_YEAR = 365.25;

/** What a record says about the outcome; the rest of it (echo, NYHA class) does not enter the view. */
export type OutcomeRecord = Pick<
  FollowUpRecord,
  'date' | 'patientStatus' | 'deathDate' | 'graftStatus' | 'reinterventionDate' | 'explantDate'
>;

/** One implanted graft's follow-ups: its scheduled visits and every recorded record, scheduled or not. */
export interface GraftFollowUps {
  implantedOn: string;
  visits: readonly { dueOn: string; state: FollowUpStoredState }[];
  records: readonly OutcomeRecord[];
}

/** One graft as the estimators see it. */
export interface GraftOutcome {
  /** Days to the first explant or reintervention (event), else to the death or last news (censored). */
  failure: SurvivalObservation;
  /** Days to the explant (event), the death with the graft in place (competing), or the last news. */
  explant: CompetingRiskObservation;
  /** Scheduled visits due by today (or recorded early) and not ended, and of them those recorded. */
  due: number;
  recorded: number;
}

/** Whole days from `from` to `to` (both `yyyy-mm-dd`), never below 0. */
export function daysFrom(from: string, to: string): number {
  return Math.max(0, Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS));
}

const earliest = (days: readonly (string | null)[]): string | null =>
  days.reduce<string | null>((first, day) => (day !== null && (first === null || day < first) ? day : first), null);
const latest = (days: readonly (string | null)[]): string | null =>
  days.reduce<string | null>((last, day) => (day !== null && (last === null || day > last) ? day : last), null);

/**
 * A graft's times from its records. An explant or reintervention on or before the death counts as
 * the event (the days compare as days); a death ends follow-up; without either, the last news is the
 * latest day any record names, or the implantation when nothing was recorded (time 0).
 */
export function graftOutcome(graft: GraftFollowUps, today: string): GraftOutcome {
  const { records } = graft;
  const death = earliest(records.map((r) => (r.patientStatus === 'died' ? r.deathDate : null)));
  const explant = earliest(records.map((r) => (r.graftStatus === 'explanted' ? r.explantDate : null)));
  const reintervention = earliest(
    records.map((r) => (r.graftStatus === 'reintervention' ? r.reinterventionDate : null)),
  );
  const failure = earliest([explant, reintervention]);
  const lastNews =
    death ?? latest(records.flatMap((r) => [r.date, r.explantDate, r.reinterventionDate])) ?? graft.implantedOn;
  const days = (day: string) => daysFrom(graft.implantedOn, day);
  const failed = failure !== null && (death === null || failure <= death);
  const explanted = explant !== null && (death === null || explant <= death);
  // A visit recorded in its window before the due day counts as due already.
  const counted = graft.visits.filter(
    (visit) => visit.state !== 'ended' && (visit.dueOn <= today || visit.state === 'done'),
  );
  return {
    failure: failed ? { time: days(failure), event: true } : { time: days(lastNews), event: false },
    explant: explanted
      ? { time: days(explant), outcome: 'event' }
      : death !== null
        ? { time: days(death), outcome: 'competing' }
        : { time: days(lastNews), outcome: 'censored' },
    due: counted.length,
    recorded: counted.filter((visit) => visit.state === 'done').length,
  };
}

const HORIZON_DAYS = OUTCOME_HORIZON_YEARS.map((years) => years * DAYS_PER_YEAR);

const limits = ({ value, lower, upper }: ProbabilityEstimate): OutcomeEstimate => ({ value, lower, upper });

/** Both estimators' curves of a group, computed once for its summary and its drawing. */
interface GroupCurves {
  freedom: KaplanMeierStep[];
  incidence: CumulativeIncidenceStep[];
}

const curvesOf = (grafts: readonly GraftOutcome[]): GroupCurves => ({
  freedom: kaplanMeier(grafts.map((graft) => graft.failure)),
  incidence: cumulativeIncidence(grafts.map((graft) => graft.explant)),
});

function summaryOf(grafts: readonly GraftOutcome[], curves: GroupCurves): OutcomeSummary {
  const freedom = kaplanMeierAtTimes(curves.freedom, HORIZON_DAYS);
  const incidence = cumulativeIncidenceAtTimes(curves.incidence, HORIZON_DAYS);
  const due = grafts.reduce((sum, graft) => sum + graft.due, 0);
  const recorded = grafts.reduce((sum, graft) => sum + graft.recorded, 0);
  return {
    grafts: grafts.length,
    followUpsDue: due,
    followUpsRecorded: recorded,
    completeness: due === 0 ? null : recorded / due,
    explantsOrReinterventions: grafts.filter((graft) => graft.failure.event).length,
    explants: grafts.filter((graft) => graft.explant.outcome === 'event').length,
    deaths: grafts.filter((graft) => graft.explant.outcome === 'competing').length,
    horizons: OUTCOME_HORIZON_YEARS.map((years, index) => {
      const atFreedom = freedom[index]!;
      const atIncidence = incidence[index]!;
      return {
        years,
        days: HORIZON_DAYS[index]!,
        atRisk: atFreedom.atRisk,
        freedom: atFreedom.survival && limits(atFreedom.survival),
        explantAtRisk: atIncidence.atRisk,
        explant: atIncidence.event && limits(atIncidence.event),
        death: atIncidence.competing && limits(atIncidence.competing),
      };
    }),
  };
}

const point = (day: number, estimate: ProbabilityEstimate): OutcomeCurvePoint => ({ day, ...limits(estimate) });

/**
 * The curve from its value at day 0 (unless an event falls on day 0) to the last day of follow-up,
 * the last step repeated there.
 */
function drawn(start: OutcomeCurvePoint, steps: OutcomeCurvePoint[], lastDay: number | undefined): OutcomeCurvePoint[] {
  const points = steps[0]?.day === 0 ? steps : [start, ...steps];
  const last = points.at(-1)!;
  return lastDay !== undefined && lastDay > last.day ? [...points, { ...last, day: lastDay }] : points;
}

function drawingOf({ freedom, incidence }: GroupCurves): OutcomeCurves {
  return {
    freedom: drawn(
      { day: 0, value: 1, lower: 1, upper: 1 },
      freedom.filter((step) => step.events > 0).map((step) => point(step.time, step.survival)),
      freedom.at(-1)?.time,
    ),
    explant: drawn(
      { day: 0, value: 0, lower: null, upper: null },
      incidence.filter((step) => step.events > 0).map((step) => point(step.time, step.event)),
      incidence.at(-1)?.time,
    ),
  };
}

/** The group's counts and its estimates at 1, 5 and 10 years. */
export function outcomeSummary(grafts: readonly GraftOutcome[]): OutcomeSummary {
  return summaryOf(grafts, curvesOf(grafts));
}

/**
 * The step curves for drawing: from day 0, a point on every day the estimate moves, and the last
 * day of follow-up; each point holds from its day until the next.
 */
export function outcomeCurves(grafts: readonly GraftOutcome[]): OutcomeCurves {
  return drawingOf(curvesOf(grafts));
}

/** The summary and the curves of a group, each estimator run once. */
export function outcomeSummaryWithCurves(grafts: readonly GraftOutcome[]): OutcomeSummary & { curves: OutcomeCurves } {
  const curves = curvesOf(grafts);
  return { ...summaryOf(grafts, curves), curves: drawingOf(curves) };
}
