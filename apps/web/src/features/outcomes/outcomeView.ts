import type { OutcomeCurvePoint, OutcomeEstimate, Outcomes, OutcomeSummary } from '@graftmatch/domain';

// What the quality page shows of the answer: its table's rows, the numbers in words, the curves'
// points for the chart (docs/decisions.md "Outcome statistics").

/** One row of the table: all types, a type, or a type's diameter band. */
export interface OutcomeRow {
  key: string;
  /** null: every type together. */
  type: number | null;
  /** 'all': every diameter of the row's type; null: no diameter given. */
  band: number | null | 'all';
  summary: OutcomeSummary;
}

/** All types first, then each type followed by its bands. */
export function outcomeRows(outcomes: Outcomes): OutcomeRow[] {
  return [
    { key: 'all', type: null, band: 'all', summary: outcomes.all },
    ...outcomes.types.flatMap((type): OutcomeRow[] => [
      { key: `${type.type}`, type: type.type, band: 'all', summary: type },
      ...type.bands.map((band) => ({
        key: `${type.type}:${band.band}`,
        type: type.type,
        band: band.band,
        summary: band,
      })),
    ]),
  ];
}

/** A probability as a percentage with one decimal, in the reader's language. */
export function percent(value: number, language: string): string {
  return new Intl.NumberFormat(language, {
    style: 'percent',
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(value);
}

/** `97.5 % (93.1–99.2 %)`, or the estimate alone where it has no limits; null: no estimate. */
export function estimateWords(estimate: OutcomeEstimate | null, language: string): string | null {
  if (estimate === null) {
    return null;
  }
  const value = percent(estimate.value, language);
  return estimate.lower === null || estimate.upper === null
    ? value
    : `${value} (${percent(estimate.lower, language)}–${percent(estimate.upper, language)})`;
}

/** One point of a drawn curve: years from implantation, the estimate and its limits. */
export interface ChartPoint {
  years: number;
  estimate: number;
  lower: number | null;
  upper: number | null;
}

const DAYS_PER_YEAR = 365.25;

/** The curve's points in years, each holding until the next (drawn as steps after each point). */
export function chartPoints(points: readonly OutcomeCurvePoint[]): ChartPoint[] {
  return points.map((point) => ({
    years: Math.round((point.day / DAYS_PER_YEAR) * 1000) / 1000,
    estimate: point.value,
    lower: point.lower,
    upper: point.upper,
  }));
}
