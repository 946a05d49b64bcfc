import { stringify } from 'csv-stringify/sync';
import {
  graftTypeWords,
  isGraftTypeNumber,
  translate,
  type Language,
  type MessageKey,
  type OutcomeEstimate,
  type Outcomes,
  type OutcomeSummary,
} from '@graftmatch/domain';
import type { CacheableDocument, Cacheable } from '../../http/answer-cache';
import { readOutcomes, type OutcomesAsked, type OutcomesDeps } from './outcomes.read';

// The quality view's table as CSV (docs/api.md "Outcomes"): one row for all types, then each type
// and its diameter bands, with the estimates at 1, 5 and 10 years. UTF-8 with a BOM, headers in the
// caller's language, numbers with a decimal point (probabilities to six places).

const column = (language: Language, name: string, years?: number) =>
  translate(language, `outcomes.column.${name}` as MessageKey, years === undefined ? undefined : { years });

const probability = (value: number | null | undefined) =>
  value === null || value === undefined ? '' : value.toFixed(6);
const estimate = (value: OutcomeEstimate | null) => [value?.value, value?.lower, value?.upper].map(probability);

function header(language: Language, horizons: readonly number[]): string[] {
  const fixed = ['type', 'band', 'grafts', 'followUpsDue', 'followUpsRecorded', 'completeness'];
  const events = ['explantsOrReinterventions', 'explants', 'deaths'];
  const perHorizon = [
    'atRisk',
    'freedom',
    'freedomLower',
    'freedomUpper',
    'explantAtRisk',
    'explant',
    'explantLower',
    'explantUpper',
    'death',
    'deathLower',
    'deathUpper',
  ];
  return [
    ...[...fixed, ...events].map((name) => column(language, name)),
    ...horizons.flatMap((years) => perHorizon.map((name) => column(language, name, years))),
  ];
}

function row(type: string, band: string, summary: OutcomeSummary): string[] {
  return [
    type,
    band,
    String(summary.grafts),
    String(summary.followUpsDue),
    String(summary.followUpsRecorded),
    probability(summary.completeness),
    String(summary.explantsOrReinterventions),
    String(summary.explants),
    String(summary.deaths),
    ...summary.horizons.flatMap((horizon) => [
      String(horizon.atRisk),
      ...estimate(horizon.freedom),
      String(horizon.explantAtRisk),
      ...estimate(horizon.explant),
      ...estimate(horizon.death),
    ]),
  ];
}

/** The table of the quality view as CSV text. */
export function outcomesTable(outcomes: Outcomes, language: Language): string {
  const typeWords = (type: number) => (isGraftTypeNumber(type) ? graftTypeWords(type, language) : String(type));
  const everyType = column(language, 'allTypes');
  const everyBand = column(language, 'allBands');
  const notGiven = translate(language, 'common.notDocumented');
  const bandWords = (band: number | null) => (band === null ? notGiven : `${band}–${band + outcomes.bandWidth} mm`);
  const lines = [
    header(
      language,
      outcomes.all.horizons.map((horizon) => horizon.years),
    ),
    row(everyType, everyBand, outcomes.all),
    ...outcomes.types.flatMap((type) => [
      row(typeWords(type.type), everyBand, type),
      ...type.bands.map((band) => row(typeWords(type.type), bandWords(band.band), band)),
    ]),
  ];
  return `\uFEFF${stringify(lines, { record_delimiter: '\r\n' })}`;
}

/** `?format=csv` (or `Accept: text/csv`): the table as an attachment, kept like the view itself. */
export async function outcomesCsv(
  deps: OutcomesDeps,
  asked: OutcomesAsked,
  language: Language,
): Promise<Cacheable<CacheableDocument>> {
  const view = await readOutcomes(deps, asked);
  return {
    key: `${view.key}:csv:${language}`,
    compute: async () => {
      const outcomes = await view.compute();
      return {
        bytes: Buffer.from(outcomesTable(outcomes, language), 'utf8'),
        type: 'text/csv; charset=utf-8',
        fileName: `outcomes_${outcomes.asOf}.csv`,
      };
    },
  };
}
