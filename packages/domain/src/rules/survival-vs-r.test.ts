/// <reference types="node" />
// The outcome estimators against their reference, R's survival package (packages/domain/test/
// survival-reference.R), on seeded data sets: every number at risk, estimate, standard error and limit
// agrees to 1e-6. R is required, never skipped: CI installs it from Debian (.ci/run).
/* eslint-disable no-restricted-imports -- only this test runs a process and writes files, to ask R */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
/* eslint-enable no-restricted-imports */
import { describe, expect, it } from 'vitest';
import type { ProbabilityEstimate } from './survival-estimates';
import { kaplanMeier, kaplanMeierAtTimes } from './survival-kaplan-meier';
import {
  cumulativeIncidence,
  cumulativeIncidenceAtTimes,
  type CompetingRiskObservation,
} from './survival-competing-risks';

const REFERENCE_SCRIPT = fileURLToPath(new URL('../../test/survival-reference.R', import.meta.url));
const INSTALL_R = 'apt-get install -y --no-install-recommends r-base-core r-cran-survival';
const TOLERANCE = 1e-6;
/** In days: half a year, 360 (a tied time in the 30-day data), 1, 5 and 10 years. */
const SUMMARY_TIMES = [180, 360, 365, 1825, 3650];

/** mulberry32: a small, well-mixed 32-bit generator, so every run sees the same data. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

interface Cohort {
  seed: number;
  grafts: number;
  /** Mean days to explant and to death (exponential); follow-up ends uniformly within `followUpDays`. */
  meanDaysToExplant: number;
  meanDaysToDeath: number;
  followUpDays: number;
  /** Times are rounded to this many days, which makes ties. */
  roundToDays: number;
  /** Only every n-th graft may be lost to follow-up; the others are followed until explant or death. */
  lostToFollowUpOnlyEvery?: number;
}

function simulate(cohort: Cohort): CompetingRiskObservation[] {
  const random = seededRandom(cohort.seed);
  const exponential = (mean: number) => -Math.log(1 - random()) * mean;
  return Array.from({ length: cohort.grafts }, (_, index) => {
    const explant = exponential(cohort.meanDaysToExplant);
    const death = exponential(cohort.meanDaysToDeath);
    const followedToTheEnd =
      cohort.lostToFollowUpOnlyEvery !== undefined && index % cohort.lostToFollowUpOnlyEvery !== 0;
    const lastNews = followedToTheEnd ? Infinity : random() * cohort.followUpDays;
    const end = Math.min(explant, death, lastNews);
    const outcome = end === explant ? 'event' : end === death ? 'competing' : 'censored';
    return { time: Math.round(end / cohort.roundToDays) * cohort.roundToDays, outcome };
  });
}

const DATA_SETS = [
  {
    name: 'ties: times in 30-day steps, events and censorings at the same times',
    observations: simulate({
      seed: 45,
      grafts: 200,
      meanDaysToExplant: 2_500,
      meanDaysToDeath: 6_000,
      followUpDays: 4_500,
      roundToDays: 30,
    }),
  },
  {
    name: 'heavy censoring: at least 70 % censored, follow-up shorter than 10 years',
    observations: simulate({
      seed: 7,
      grafts: 150,
      meanDaysToExplant: 12_000,
      meanDaysToDeath: 30_000,
      followUpDays: 3_000,
      roundToDays: 1,
    }),
  },
  {
    name: 'competing deaths: as many deaths as explants over 12 years',
    observations: simulate({
      seed: 2008,
      grafts: 300,
      meanDaysToExplant: 5_000,
      meanDaysToDeath: 4_000,
      followUpDays: 4_400,
      roundToDays: 1,
    }),
  },
  {
    name: 'to the end: most followed until an event, so the curves reach the last graft',
    observations: simulate({
      seed: 30,
      grafts: 60,
      meanDaysToExplant: 1_500,
      meanDaysToDeath: 3_000,
      followUpDays: 2_000,
      roundToDays: 1,
      lostToFollowUpOnlyEvery: 5,
    }),
  },
];

const share = (observations: CompetingRiskObservation[], outcome: string) =>
  observations.filter((observation) => observation.outcome === outcome).length / observations.length;

describe('the data sets', () => {
  const [ties, heavyCensoring, competingDeaths, toTheEnd] = DATA_SETS.map((dataSet) => dataSet.observations);

  it('have the shape they are named for', () => {
    const steps = kaplanMeier(ties!.map(({ time, outcome }) => ({ time, event: outcome === 'event' })));
    expect(steps.filter((step) => step.events > 1 && step.censored > 0).length).toBeGreaterThan(10);
    expect(share(heavyCensoring!, 'censored')).toBeGreaterThanOrEqual(0.7);
    expect(Math.max(...heavyCensoring!.map((observation) => observation.time))).toBeLessThan(3_650);
    expect(share(competingDeaths!, 'competing')).toBeGreaterThan(0.25);
    expect(Math.max(...competingDeaths!.map((observation) => observation.time))).toBeGreaterThan(3_650);
    expect(cumulativeIncidence(toTheEnd!).at(-1)?.censored).toBe(0);
  });
});

type Columns = Record<string, (number | null)[]>;
interface Reference {
  versions: { R: string; survival: string };
  kaplanMeier: Columns;
  kaplanMeierAtTimes: Columns;
  multiState: Columns;
  multiStateAtTimes: Columns;
}

async function askR(observations: CompetingRiskObservation[]): Promise<Reference> {
  const folder = await mkdtemp(join(tmpdir(), 'graftmatch-survival-'));
  try {
    const csv = join(folder, 'observations.csv');
    const rows = observations.map(({ time, outcome }) => `${time},${outcome}\n`);
    await writeFile(csv, `time,outcome\n${rows.join('')}`);
    const { stdout } = await promisify(execFile)('Rscript', [REFERENCE_SCRIPT, csv, SUMMARY_TIMES.join(',')]).catch(
      (error: NodeJS.ErrnoException & { stderr?: string }) => {
        const cause = error.code === 'ENOENT' ? 'Rscript is not installed' : `Rscript failed: ${error.stderr}`;
        throw new Error(`${cause}. This test needs R and its survival package: ${INSTALL_R}`);
      },
    );
    return JSON.parse(stdout) as Reference;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** Collects every number that differs from R's by more than the tolerance, named, for one readable failure. */
class Differences {
  readonly found: string[] = [];

  number(label: string, ours: number | null, theirs: number | null | undefined): void {
    const agree =
      typeof ours === 'number' && typeof theirs === 'number' ? Math.abs(ours - theirs) <= TOLERANCE : ours === theirs;
    if (!agree) {
      this.found.push(`${label}: ours ${ours}, R ${theirs}`);
    }
  }

  estimate(
    label: string,
    ours: ProbabilityEstimate,
    columns: Columns,
    row: number,
    prefix: string,
    valueColumn: string,
  ): void {
    this.number(`${label} estimate`, ours.value, columns[valueColumn]?.[row]);
    this.number(`${label} std.err`, ours.standardError, columns[`${prefix}std.err`]?.[row]);
    this.number(`${label} lower`, ours.lower, columns[`${prefix}lower`]?.[row]);
    this.number(`${label} upper`, ours.upper, columns[`${prefix}upper`]?.[row]);
  }
}

function expectRowCount(columns: Columns, rows: number): void {
  for (const [name, values] of Object.entries(columns)) {
    expect(values.length, `R's ${name} column`).toBe(rows);
  }
}

describe.each(DATA_SETS)('against R on $name', ({ observations }) => {
  let reference: Promise<Reference> | undefined;
  const answer = () => (reference ??= askR(observations));

  it('Kaplan–Meier freedom from explant agrees at every observed time and at the chosen times', async () => {
    const { versions, kaplanMeier: fit, kaplanMeierAtTimes: summary } = await answer();
    const curve = kaplanMeier(observations.map(({ time, outcome }) => ({ time, event: outcome === 'event' })));
    const differences = new Differences();

    expectRowCount(fit, curve.length);
    curve.forEach((step, row) => {
      const at = `day ${step.time}`;
      differences.number(`${at} time`, step.time, fit.time?.[row]);
      differences.number(`${at} n.risk`, step.atRisk, fit['n.risk']?.[row]);
      differences.number(`${at} n.event`, step.events, fit['n.event']?.[row]);
      differences.number(`${at} n.censor`, step.censored, fit['n.censor']?.[row]);
      differences.estimate(at, step.survival, fit, row, '', 'surv');
    });

    const atTimes = kaplanMeierAtTimes(curve, SUMMARY_TIMES);
    const estimated = atTimes.filter((position) => position.survival !== null);
    expectRowCount(summary, estimated.length);
    estimated.forEach((position, row) => {
      const at = `summary at ${position.time}`;
      differences.number(`${at} time`, position.time, summary.time?.[row]);
      differences.number(`${at} n.risk`, position.atRisk, summary['n.risk']?.[row]);
      differences.estimate(at, position.survival!, summary, row, '', 'surv');
    });
    for (const beyond of atTimes.filter((position) => position.survival === null)) {
      expect(beyond).toEqual({ time: beyond.time, atRisk: 0, survival: null });
      expect(beyond.time).toBeGreaterThan(curve.at(-1)!.time);
    }

    expect(differences.found, `R ${versions.R}, survival ${versions.survival}`).toEqual([]);
  }, 30_000);

  it('Aalen–Johansen cumulative incidence of explant and of death agrees at every observed time and at the chosen times', async () => {
    const { versions, multiState: fit, multiStateAtTimes: summary } = await answer();
    const curve = cumulativeIncidence(observations);
    const differences = new Differences();

    expectRowCount(fit, curve.length);
    curve.forEach((step, row) => {
      const at = `day ${step.time}`;
      differences.number(`${at} time`, step.time, fit.time?.[row]);
      differences.number(`${at} n.risk`, step.atRisk, fit['n.risk']?.[row]);
      differences.number(`${at} n.event`, step.events, fit['n.event']?.[row]);
      differences.number(`${at} n.competing`, step.competingEvents, fit['n.competing']?.[row]);
      differences.number(`${at} n.censor`, step.censored, fit['n.censor']?.[row]);
      differences.estimate(`${at} explant`, step.event, fit, row, 'event.', 'event.pstate');
      differences.estimate(`${at} death`, step.competing, fit, row, 'competing.', 'competing.pstate');
    });

    const atTimes = cumulativeIncidenceAtTimes(curve, SUMMARY_TIMES);
    const estimated = atTimes.filter((position) => position.event !== null);
    expect(summary.time).toEqual(estimated.map((position) => position.time));
    estimated.forEach((position, row) => {
      const at = `summary at ${position.time}`;
      differences.number(`${at} n.risk`, position.atRisk, summary['n.risk']?.[row]);
      differences.estimate(`${at} explant`, position.event!, summary, row, 'event.', 'event.pstate');
      differences.estimate(`${at} death`, position.competing!, summary, row, 'competing.', 'competing.pstate');
    });
    for (const beyond of atTimes.filter((position) => position.event === null)) {
      expect(beyond).toEqual({ time: beyond.time, atRisk: 0, event: null, competing: null });
    }

    expect(differences.found, `R ${versions.R}, survival ${versions.survival}`).toEqual([]);
  }, 30_000);
});
