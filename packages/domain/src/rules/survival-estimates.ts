// What the outcome estimators share (docs/decisions.md "Outcome statistics"): an estimate with its
// 95 % limits on the log scale, as R's survfit gives them by default, and the look-up of a curve at
// chosen times, as R's summary(fit, times = ...) does it.

/** The 97.5 % quantile of the standard normal distribution, R's `qnorm(0.975)`. */
export const CONFIDENCE_Z_95 = 1.959963984540054;

/**
 * A probability with its standard error and 95 % confidence limits. The limits are
 * exp(log p ± 1.96 · se(log p)), the upper one clipped at 1; they are null where p is 0, as log 0
 * has no limits (R gives NA).
 */
export interface ProbabilityEstimate {
  value: number;
  /** null where R gives NaN: a Kaplan–Meier survival that has reached 0. */
  standardError: number | null;
  lower: number | null;
  upper: number | null;
}

/** One row of a step curve: the number at risk is everyone whose time is at or after `time`. */
export interface SurvivalCurveStep {
  time: number;
  atRisk: number;
}

function logScaleLimits(value: number, logStandardError: number): Pick<ProbabilityEstimate, 'lower' | 'upper'> {
  const logValue = Math.log(value);
  return {
    lower: Math.exp(logValue - CONFIDENCE_Z_95 * logStandardError),
    upper: Math.min(1, Math.exp(logValue + CONFIDENCE_Z_95 * logStandardError)),
  };
}

/** An estimate whose standard error is known on the log scale (Greenwood's, for Kaplan–Meier). */
export function estimateFromLogScaleError(value: number, logStandardError: number): ProbabilityEstimate {
  if (value === 0) {
    return { value, standardError: null, lower: null, upper: null };
  }
  return { value, standardError: value * logStandardError, ...logScaleLimits(value, logStandardError) };
}

/** An estimate whose standard error is known on its own scale (the jackknife's, for a cumulative incidence). */
export function estimateFromError(value: number, standardError: number): ProbabilityEstimate {
  if (value === 0) {
    return { value, standardError, lower: null, upper: null };
  }
  return { value, standardError, ...logScaleLimits(value, standardError / value) };
}

/** Observations that share a time. */
export interface FollowUpTimeGroup<Observation> {
  time: number;
  observations: Observation[];
}

/** The observations grouped by distinct time, earliest first; a follow-up time is days from 0 on. */
export function groupByFollowUpTime<Observation extends { time: number }>(
  observations: readonly Observation[],
): FollowUpTimeGroup<Observation>[] {
  observations.forEach(({ time }, index) => {
    if (!Number.isFinite(time) || time < 0) {
      throw new RangeError(`Observation ${index} has time ${time}: follow-up times are days from 0 on.`);
    }
  });
  const groups: FollowUpTimeGroup<Observation>[] = [];
  for (const observation of [...observations].sort((a, b) => a.time - b.time)) {
    const last = groups.at(-1);
    if (last?.time === observation.time) {
      last.observations.push(observation);
    } else {
      groups.push({ time: observation.time, observations: [observation] });
    }
  }
  return groups;
}

/** Where a curve stands at one chosen time. */
export interface SurvivalCurvePosition<Step extends SurvivalCurveStep> {
  time: number;
  /** Everyone still followed at `time` (time at or after it); 0 beyond the last observation. */
  atRisk: number;
  /** The last step at or before `time`; undefined before the first one. */
  step: Step | undefined;
  /** Past the last observed time the curve says nothing: R's summary leaves such times out. */
  beyondFollowUp: boolean;
}

/**
 * The curve at each chosen time, as R's `summary(fit, times = ...)` reads it: the estimate of the
 * last step at or before the time, and the number at risk of the first step at or after it.
 * `curve` holds a step at every distinct observed time, in order.
 */
export function survivalCurveAtTimes<Step extends SurvivalCurveStep>(
  curve: readonly Step[],
  times: readonly number[],
): SurvivalCurvePosition<Step>[] {
  const lastTime = curve.at(-1)?.time ?? -Infinity;
  return times.map((time) => {
    const after = firstStepAtOrAfter(curve, time);
    return {
      time,
      atRisk: curve[after]?.atRisk ?? 0,
      step: curve[after]?.time === time ? curve[after] : curve[after - 1],
      beyondFollowUp: time > lastTime,
    };
  });
}

function firstStepAtOrAfter(curve: readonly SurvivalCurveStep[], time: number): number {
  let low = 0;
  let high = curve.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (curve[middle]!.time < time) {
      low = middle + 1;
    } else {
      high = middle;
    }
  }
  return low;
}
