import {
  FOLLOW_UP_WINDOW_DAYS,
  ListStatus,
  StepStatus,
  completeFollowUpRecord,
  followUpSchedule,
  shiftDate,
  type FollowUpRecord,
  type FollowUpRecordInput,
  type GraftTypeNumber,
} from '@graftmatch/domain';
import type { NewFollowUpRow, NewGraftRow } from '../db/types';
import { TYPE_PROFILES, drawPatient } from './seed-demo-data';
import type { SeededEute } from './seed-demo-grafts';
import { timestampOn, type DemoRandom } from './seed-demo-random';

// Past implantations with their follow-ups over ten years, so the bank's quality view has curves
// to show (docs/decisions.md "Outcome statistics", the demo's history). Each graft fails (an
// explant or a reintervention) after a Weibull time whose ten-year chance depends on its type and,
// for narrow grafts, its size; patients die at a steady rate and some are lost to follow-up. Every
// visit whose window has opened is recorded, missed (lost) or ended by a death or explant, so the
// history leaves nothing due or overdue to remind anyone of.

/** Chance of an explant or reintervention within ten years, per graft type. */
const FAILURE_IN_TEN_YEARS: Record<GraftTypeNumber, number> = {
  1: 0.25,
  2: 0.3,
  3: 0.32,
  4: 0.25,
  5: 0.42,
  6: 0.22,
  7: 0.15,
  8: 0.28,
};
/** Types drawn in proportion to how often they are implanted: pulmonary and aortic valves most. */
const TYPE_WEIGHTS: readonly GraftTypeNumber[] = [1, 1, 1, 1, 2, 2, 3, 4, 4, 5, 5, 5, 5, 6, 6, 7, 8];
/** Grafts narrower than this (children's) fail twice as often: the child outgrows them. */
const NARROW_MM = 16;
const WEIBULL_SHAPE = 1.4;
const DEATH_IN_TEN_YEARS = 0.14;
/** After a recorded visit, the chance that the patient is never seen again, and that one visit is missed. */
const LOST_FOR_GOOD = 0.03;
const MISSED_ONCE = 0.08;
const YEAR_DAYS = 365.25;
/** Implantations lie from this many days to eleven years back, so some reach their 10-year visit. */
const NEWEST_DAYS = 20;
const OLDEST_DAYS = Math.round(11 * 365.25);

export interface DemoOutcomeContext {
  random: DemoRandom;
  today: string;
  eutes: readonly SeededEute[];
  /** The clinic the grafts were implanted at. */
  clinic: { id: string; cName: string };
  /** How many implantations. */
  grafts: number;
  /** Added to every lot, so that several runs (the bench's) do not collide. */
  lotTag?: string;
}

export interface DemoOutcomes {
  grafts: NewGraftRow[];
  followUps: NewFollowUpRow[];
}

/** A probability in (0, 1) from the demo's integer draws. */
const uniform = (random: DemoRandom) => random.int(1, 999_999) / 1_000_000;

/** Days until an event whose chance within ten years is `chance`, by a Weibull distribution of `shape`. */
function daysUntil(random: DemoRandom, chance: number, shape: number): number {
  const scale = (10 * YEAR_DAYS) / (-Math.log(1 - chance)) ** (1 / shape);
  return Math.round(scale * (-Math.log(uniform(random))) ** (1 / shape));
}

const later = (a: string, b: string) => (a > b ? a : b);
const sooner = (a: string, b: string) => (a < b ? a : b);

/** A well patient's record on `date`, with an echocardiogram. */
function wellOn(random: DemoRandom, date: string): FollowUpRecordInput {
  const peak = random.int(8, 40);
  return {
    date,
    patientStatus: 'alive',
    graftStatus: 'functioning',
    peakGradient: peak,
    meanGradient: Math.round(peak / 2),
    regurgitation: random.pick(['none', 'trace', 'trace', 'mild', 'mild', 'moderate'] as const),
    nyhaClass: random.pick(['I', 'I', 'I', 'II', 'II', 'III'] as const),
  };
}

interface History {
  implantedOn: string;
  /** The event days as known today, each with the day it was recorded. */
  reintervention?: { on: string; recorded: string };
  explant?: { on: string; recorded: string };
  death?: { on: string; recorded: string };
}

/** What happened to one graft after `implantedOn`, as far as it was recorded by `today`. */
function historyOf(random: DemoRandom, type: GraftTypeNumber, diameter: number, implantedOn: string, today: string) {
  const failureChance = Math.min(0.9, FAILURE_IN_TEN_YEARS[type] * (diameter < NARROW_MM ? 2 : 1));
  const history: History = { implantedOn };
  const known = (days: number) => {
    const on = shiftDate(implantedOn, days);
    const recorded = shiftDate(on, random.int(0, 14));
    return recorded <= today ? { on, recorded } : undefined;
  };
  const failure = known(Math.max(1, daysUntil(random, failureChance, WEIBULL_SHAPE)));
  const death = known(Math.max(1, daysUntil(random, DEATH_IN_TEN_YEARS, 1)));
  if (failure && (!death || failure.on <= death.on)) {
    if (random.chance(0.45)) {
      history.explant = failure;
    } else {
      history.reintervention = failure;
      // A graft dilated or stented may still come out later.
      const explant = random.chance(0.35)
        ? known(daysFromTo(implantedOn, failure.on) + random.int(120, 2000))
        : undefined;
      if (explant && (!death || explant.on <= death.on)) {
        history.explant = explant;
      }
    }
  }
  if (death && (!history.explant || death.on < history.explant.on)) {
    history.death = death;
  }
  return history;
}

const daysFromTo = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

interface GraftPlan {
  row: NewGraftRow;
  patientCode: string;
  history: History;
}

function planGraft(context: DemoOutcomeContext, sequences: Map<string, number>): GraftPlan {
  const { random, today } = context;
  const type = random.pick(TYPE_WEIGHTS);
  const diameter = random.mm(...TYPE_PROFILES[type].diameter);
  const implantedOn = shiftDate(today, -random.int(NEWEST_DAYS, OLDEST_DAYS));
  const delivered = shiftDate(implantedOn, -random.int(1, 5));
  const assigned = shiftDate(delivered, -random.int(2, 15));
  const released = shiftDate(assigned, -random.int(20, 300));
  const processed = shiftDate(released, -random.int(7, 14));
  const expiry = shiftDate(processed, random.int(1095, 1825));
  const eute = random.pick(context.eutes);
  const bankYear = `${eute.data.lotPrefix}-H${implantedOn.slice(0, 4)}${context.lotTag ? `-${context.lotTag}` : ''}`;
  const sequence = (sequences.get(bankYear) ?? 0) + 1;
  sequences.set(bankYear, sequence);
  const patient = drawPatient(random, [1950, Number(implantedOn.slice(0, 4))]);
  const patientCode = `${patient.initial}-${String(patient.month).padStart(2, '0')}-${patient.year}`;
  const reported = shiftDate(implantedOn, random.int(14, 60));
  const row: NewGraftRow = {
    id: random.uuid(),
    eLot: `${bankYear}-${String(sequence).padStart(4, '0')}`,
    tProdName2: type,
    tDproximal: diameter,
    tDdistal: Math.max(5, diameter + random.mm(-3, 1)),
    tLmin: 30,
    tLmax: 55,
    patientInitial: patient.initial,
    patientMonth: patient.month,
    patientYear: patient.year,
    processedUntil: processed,
    eName: eute.data.name,
    eEmail: eute.data.email,
    cName: context.clinic.cName,
    decellularizationStatus: StepStatus.Done,
    decellularizationOut: processed,
    releaseStatus: StepStatus.Done,
    releaseOut: released,
    assignmentStatus: StepStatus.Done,
    assignmentOut: assigned,
    deliveryStatus: StepStatus.Done,
    deliveryOut: delivered,
    implantationStatus: StepStatus.Done,
    implantationOut: implantedOn,
    expiryStatus: StepStatus.Open,
    expiryOut: expiry,
    traceabilityReportStatus: reported <= today ? StepStatus.Done : StepStatus.Open,
    traceabilityReportOut: reported <= today ? reported : null,
    euteId: eute.id,
    clinicId: context.clinic.id,
    listStatus: ListStatus.Archive,
    expiryDate: expiry,
    createdAt: timestampOn(processed),
    updatedAt: timestampOn(sooner(later(implantedOn, reported), today)),
  };
  return { row, patientCode, history: historyOf(random, type, diameter, implantedOn, today) };
}

/** The follow-up rows of one graft: its events unscheduled, then its schedule as far as it went. */
function followUpsOf(context: DemoOutcomeContext, plan: GraftPlan): NewFollowUpRow[] {
  const { random, today } = context;
  const { row, history } = plan;
  const base = {
    graftId: row.id,
    requestId: null,
    euteId: row.euteId,
    clinicId: context.clinic.id,
    patientCode: plan.patientCode,
    implantedOn: history.implantedOn,
    createdAt: timestampOn(history.implantedOn),
  };
  const recorded = (
    record: FollowUpRecordInput,
    kind: 'scheduled' | 'unscheduled',
    visit?: { visit: string; dueOn: string },
  ) => ({
    ...base,
    id: random.uuid(),
    kind,
    visit: visit?.visit ?? null,
    dueOn: visit?.dueOn ?? null,
    state: 'done' as const,
    record: JSON.stringify(completeFollowUpRecord(record) satisfies FollowUpRecord),
    recordDate: record.date,
    recordedAt: timestampOn(record.date, 10),
    updatedAt: timestampOn(record.date, 10),
  });
  const events: NewFollowUpRow[] = [];
  if (history.reintervention) {
    const { on, recorded: date } = history.reintervention;
    const kind = random.pick(['surgical', 'catheter', 'catheter'] as const);
    events.push(
      recorded(
        { ...wellOn(random, date), graftStatus: 'reintervention', reinterventionDate: on, reinterventionKind: kind },
        'unscheduled',
      ),
    );
  }
  const explantReasons = [
    'structural-deterioration',
    'structural-deterioration',
    'endocarditis',
    'non-structural-dysfunction',
    'thrombosis',
  ] as const;
  const ending = history.explant
    ? recorded(
        {
          date: history.explant.recorded,
          patientStatus: 'alive',
          graftStatus: 'explanted',
          explantDate: history.explant.on,
          explantReason: random.pick(explantReasons),
        },
        'unscheduled',
      )
    : history.death
      ? recorded(
          {
            date: history.death.recorded,
            patientStatus: 'died',
            deathDate: history.death.on,
            deathCause: random.pick([
              'non-cardiac',
              'non-cardiac',
              'cardiac-other',
              'valve-related',
              'unknown',
            ] as const),
            graftStatus: 'functioning',
          },
          'unscheduled',
        )
      : undefined;
  if (ending) {
    events.push(ending);
  }
  const endedOn = history.explant?.on ?? history.death?.on;

  let lost = false;
  let lastSeen = history.implantedOn;
  const visits = followUpSchedule(history.implantedOn).map((visit): NewFollowUpRow => {
    const opensOn = shiftDate(visit.dueOn, -FOLLOW_UP_WINDOW_DAYS);
    const open = { ...base, id: random.uuid(), kind: 'scheduled' as const, ...visit, updatedAt: base.createdAt };
    if (endedOn !== undefined && visit.dueOn > endedOn && ending) {
      return { ...open, state: 'ended', endedBy: ending.id, updatedAt: ending.updatedAt };
    }
    if (opensOn > today) {
      return { ...open, state: 'open' };
    }
    if (lost || random.chance(MISSED_ONCE)) {
      const reason = lost
        ? 'Moved away; the clinic has no further contact.'
        : 'Did not attend; no contact at this visit.';
      return {
        ...open,
        state: 'lost',
        lostReason: reason,
        updatedAt: timestampOn(sooner(shiftDate(visit.dueOn, 30), today), 10),
      };
    }
    // In the window, after the last visit, and neither after today nor after a death or explant.
    const drawn = later(shiftDate(visit.dueOn, random.int(-FOLLOW_UP_WINDOW_DAYS, 21)), later(opensOn, lastSeen));
    const date = sooner(sooner(drawn, today), endedOn ?? today);
    lastSeen = date;
    lost = random.chance(LOST_FOR_GOOD);
    return recorded(wellOn(random, date), 'scheduled', visit);
  });
  return [...events, ...visits];
}

/** The past implantations and their follow-ups, the same for the same random source and day. */
export function buildDemoOutcomes(context: DemoOutcomeContext): DemoOutcomes {
  const sequences = new Map<string, number>();
  const plans = Array.from({ length: context.grafts }, () => planGraft(context, sequences));
  return { grafts: plans.map((plan) => plan.row), followUps: plans.flatMap((plan) => followUpsOf(context, plan)) };
}
