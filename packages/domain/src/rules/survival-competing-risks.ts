// Cumulative incidence of an event (explant) with a competing one (death) by Aalen–Johansen, with the
// infinitesimal-jackknife standard error and 95 % limits on the log scale: R's
// survfit(Surv(time, factor(outcome)) ~ 1) for a multi-state outcome (docs/decisions.md "Outcome statistics").
import {
  survivalCurveAtTimes,
  estimateFromError,
  groupByFollowUpTime,
  type SurvivalCurveStep,
  type ProbabilityEstimate,
} from './survival-estimates';

export type CompetingRiskOutcome = 'censored' | 'event' | 'competing';

/** One graft's follow-up: days from implantation to the event, to the competing event, or to the last news. */
export interface CompetingRiskObservation {
  time: number;
  outcome: CompetingRiskOutcome;
}

/** The curves at one distinct observed time. */
export interface CumulativeIncidenceStep extends SurvivalCurveStep {
  events: number;
  competingEvents: number;
  censored: number;
  /** Probability of having had the event by `time` (R's `pstate` of the event's state). */
  event: ProbabilityEstimate;
  /** Probability of having had the competing event first by `time`. */
  competing: ProbabilityEstimate;
}

export interface CumulativeIncidenceAtTime {
  time: number;
  atRisk: number;
  /** null beyond the last observed time, where the data say nothing. */
  event: ProbabilityEstimate | null;
  competing: ProbabilityEstimate | null;
}

const STATES = ['event', 'competing'] as const;
type State = (typeof STATES)[number];
type PerState<Value = number> = Record<State, Value>;
const perState = <Value>(valueOf: (state: State) => Value): PerState<Value> => ({
  event: valueOf('event'),
  competing: valueOf('competing'),
});

const BEFORE_ANY_EVENT: ProbabilityEstimate = { value: 0, standardError: 0, lower: null, upper: null };

/**
 * The Aalen–Johansen curves. As in Kaplan–Meier, events come before censorings at the same time.
 *
 * The standard errors are R's infinitesimal jackknife: the variance is the sum over grafts of the
 * squared derivative (∂) of the estimate by the graft's weight. With n at risk, hazards h_s = d_s/n
 * (h for both), S the event-free survival and F_s the incidences just before a time:
 * - every graft still at risk after it shares ∂S ← ∂S(1 - h) + S·h/n and ∂F_s ← ∂F_s + ∂S·h_s - S·h_s/n;
 * - a graft leaving at it with outcome o takes ∂S(1 - h) - S(1[o not censored] - h)/n and
 *   ∂F_s + ∂S·h_s + S(1[o = s] - h_s)/n;
 * - from then on its ∂S stays a fixed multiple m of S, so each later rise r of F_s adds m·r to its ∂F_s.
 * Running sums over the grafts that left (of ∂F_s², m·∂F_s and m²) so give the variance at every time
 * in one pass, without a row per graft.
 */
export function cumulativeIncidence(observations: readonly CompetingRiskObservation[]): CumulativeIncidenceStep[] {
  let atRisk = observations.length;
  let eventFree = 1;
  const incidence = perState(() => 0);
  // Derivatives by the weight of a graft still at risk.
  let stayingOnEventFree = 0;
  const stayingOnIncidence = perState(() => 0);
  // Over the grafts that left: their squared derivatives, their derivatives times their multiples,
  // and their squared multiples.
  const leftSquares = perState(() => 0);
  const leftCross = perState(() => 0);
  let leftMultipleSquares = 0;

  return groupByFollowUpTime(observations).map(({ time, observations: atThisTime }) => {
    const count = (outcome: CompetingRiskOutcome) => atThisTime.filter((o) => o.outcome === outcome).length;
    const counts: Record<CompetingRiskOutcome, number> = {
      event: count('event'),
      competing: count('competing'),
      censored: count('censored'),
    };
    const hazard = perState((state) => counts[state] / atRisk);
    const allCauseHazard = hazard.event + hazard.competing;
    const rise = perState((state) => eventFree * hazard[state]);

    // Every graft that left moves by its multiple of this rise.
    for (const state of STATES) {
      leftSquares[state] += 2 * rise[state] * leftCross[state] + rise[state] ** 2 * leftMultipleSquares;
      leftCross[state] += rise[state] * leftMultipleSquares;
    }
    const leaving = (['event', 'competing', 'censored'] as const).map((outcome) => ({
      grafts: counts[outcome],
      onEventFree:
        stayingOnEventFree * (1 - allCauseHazard) -
        (eventFree * (Number(outcome !== 'censored') - allCauseHazard)) / atRisk,
      onIncidence: perState(
        (state) =>
          stayingOnIncidence[state] +
          stayingOnEventFree * hazard[state] +
          (eventFree * (Number(outcome === state) - hazard[state])) / atRisk,
      ),
    }));

    for (const state of STATES) {
      stayingOnIncidence[state] += stayingOnEventFree * hazard[state] - rise[state] / atRisk;
      incidence[state] += rise[state];
    }
    stayingOnEventFree = stayingOnEventFree * (1 - allCauseHazard) + (eventFree * allCauseHazard) / atRisk;
    eventFree *= 1 - allCauseHazard;

    for (const { grafts, onEventFree, onIncidence } of leaving) {
      const multiple = eventFree > 0 ? onEventFree / eventFree : 0;
      for (const state of STATES) {
        leftSquares[state] += grafts * onIncidence[state] ** 2;
        leftCross[state] += grafts * multiple * onIncidence[state];
      }
      leftMultipleSquares += grafts * multiple ** 2;
    }

    const staying = atRisk - atThisTime.length;
    const estimates = perState((state) =>
      estimateFromError(incidence[state], Math.sqrt(staying * stayingOnIncidence[state] ** 2 + leftSquares[state])),
    );
    const step = { time, atRisk, events: counts.event, competingEvents: counts.competing, censored: counts.censored };
    atRisk = staying;
    return { ...step, ...estimates };
  });
}

/**
 * Cumulative incidences and number at risk at chosen times, as R's `summary(fit, times = ...)`
 * prints them; a time past the last observation gets no estimate (R leaves it out) and 0 at risk.
 */
export function cumulativeIncidenceAtTimes(
  curve: readonly CumulativeIncidenceStep[],
  times: readonly number[],
): CumulativeIncidenceAtTime[] {
  return survivalCurveAtTimes(curve, times).map(({ time, atRisk, step, beyondFollowUp }) => ({
    time,
    atRisk,
    event: beyondFollowUp ? null : (step?.event ?? BEFORE_ANY_EVENT),
    competing: beyondFollowUp ? null : (step?.competing ?? BEFORE_ANY_EVENT),
  }));
}
