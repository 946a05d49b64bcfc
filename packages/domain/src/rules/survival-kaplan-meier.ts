// Freedom from an event by Kaplan–Meier, with Greenwood's standard error and 95 % limits on the log
// scale: R's survfit(Surv(time, event) ~ 1) with its defaults (docs/decisions.md "Outcome statistics").
import {
  survivalCurveAtTimes,
  estimateFromLogScaleError,
  groupByFollowUpTime,
  type SurvivalCurveStep,
  type ProbabilityEstimate,
} from './survival-estimates';

/** One graft's follow-up: days from implantation to the event, or to the last news of it. */
export interface SurvivalObservation {
  time: number;
  event: boolean;
}

/** The curve at one distinct observed time, events or censorings alike (the censorings mark the curve). */
export interface KaplanMeierStep extends SurvivalCurveStep {
  events: number;
  censored: number;
  /** Freedom from the event just after `time`. */
  survival: ProbabilityEstimate;
}

export interface SurvivalAtTime {
  time: number;
  atRisk: number;
  /** null beyond the last observed time, where the data say nothing. */
  survival: ProbabilityEstimate | null;
}

const BEFORE_ANY_EVENT: ProbabilityEstimate = { value: 1, standardError: 0, lower: 1, upper: 1 };

/**
 * The Kaplan–Meier step curve. At a time with both events and censorings the events come first:
 * those censored then still count as at risk for the events.
 */
export function kaplanMeier(observations: readonly SurvivalObservation[]): KaplanMeierStep[] {
  let atRisk = observations.length;
  let survival = 1;
  // Greenwood's sum, the variance of log survival; infinite once everyone at risk has had the event.
  let greenwood = 0;
  return groupByFollowUpTime(observations).map(({ time, observations: atThisTime }) => {
    const events = atThisTime.filter((observation) => observation.event).length;
    const censored = atThisTime.length - events;
    if (events > 0) {
      survival *= 1 - events / atRisk;
      greenwood += events === atRisk ? Infinity : events / (atRisk * (atRisk - events));
    }
    const step = {
      time,
      atRisk,
      events,
      censored,
      survival: estimateFromLogScaleError(survival, Math.sqrt(greenwood)),
    };
    atRisk -= atThisTime.length;
    return step;
  });
}

/**
 * Survival, limits and number at risk at chosen times (say 1, 5 and 10 years in days), as R's
 * `summary(fit, times = ...)` prints them; a time past the last observation gets no estimate
 * (R leaves it out) and 0 at risk.
 */
export function kaplanMeierAtTimes(curve: readonly KaplanMeierStep[], times: readonly number[]): SurvivalAtTime[] {
  return survivalCurveAtTimes(curve, times).map(({ time, atRisk, step, beyondFollowUp }) => ({
    time,
    atRisk,
    survival: beyondFollowUp ? null : (step?.survival ?? BEFORE_ANY_EVENT),
  }));
}
