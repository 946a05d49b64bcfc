import {
  GRAFT_TYPES,
  PROCESS_STEP_NAMES,
  StepStatus,
  graftListStatus,
  shiftDate,
  type GraftTypeEntry,
  type ProcessStepName,
} from '@graftmatch/domain';
import { DONOR_REMARKS, PROCESSING_REMARKS, TYPE_PROFILES, drawPatient, type DemoEute } from './seed-demo-data';
import { earlier, timestampOn, type DemoRandom } from './seed-demo-random';
import type { GraftStepValues, NewGraftRow } from '../db/types';

/** What happened to a demo graft; the three archive reasons each lead to list status Archive. */
export type DemoGraftState = 'free' | 'current' | 'implanted' | 'expired' | 'failed';

// Per type: 14 Free, 5 Current, 6 Archive (two of each reason), i.e. 56/20/24 % of 200 grafts,
// and every type in every list status whatever the PRNG draws.
const STATE_PLAN: readonly DemoGraftState[] = [
  ...Array<DemoGraftState>(14).fill('free'),
  ...Array<DemoGraftState>(5).fill('current'),
  ...(['implanted', 'implanted', 'expired', 'expired', 'failed', 'failed'] as const),
];

export interface SeededEute {
  id: string;
  data: DemoEute;
}

export interface SeededClinic {
  id: string;
  cName: string;
  physician: { name: string; email: string; phone: string };
}

export interface GraftContext {
  random: DemoRandom;
  today: string;
  eutes: readonly SeededEute[];
  clinics: readonly SeededClinic[];
}

/** When each step happened; absent steps have not happened. All past dates except a future expiry. */
interface Timeline {
  processed: string;
  decellularizationFailed?: boolean;
  released?: string;
  assigned?: string;
  delivered?: string;
  implanted?: string;
  reported?: string;
  expiry?: string;
  expiryRecorded?: boolean;
  implantWindow?: { from: string; to: string };
}

export function buildDemoGrafts(context: GraftContext): NewGraftRow[] {
  const { random } = context;
  const plans = GRAFT_TYPES.flatMap((type) =>
    STATE_PLAN.map((state) => ({
      type,
      eute: random.pick(context.eutes),
      timeline: timelineFor(state, random, context.today),
    })),
  );
  // Banks number their lots per year in processing order: EB1-2025-0001, EB1-2025-0002, ...
  plans.sort((a, b) => a.timeline.processed.localeCompare(b.timeline.processed));
  const lotSequences = new Map<string, number>();
  return plans.map(({ type, eute, timeline }) => {
    const bankYear = `${eute.data.lotPrefix}-${timeline.processed.slice(0, 4)}`;
    const sequence = (lotSequences.get(bankYear) ?? 0) + 1;
    lotSequences.set(bankYear, sequence);
    return buildGraft(context, type, timeline, eute, sequence);
  });
}

function timelineFor(state: DemoGraftState, random: DemoRandom, today: string): Timeline {
  switch (state) {
    case 'free': {
      const processed = shiftDate(today, -random.int(20, 600));
      const released = shiftDate(processed, random.int(7, 14));
      return { processed, released, expiry: shiftDate(today, random.int(365, 1825)) };
    }
    case 'current': {
      const processed = shiftDate(today, -random.int(60, 600));
      const assigned = shiftDate(today, -random.int(1, 45));
      const from = shiftDate(today, random.int(3, 30));
      return {
        processed,
        released: shiftDate(processed, random.int(7, 14)),
        assigned,
        ...(random.chance(0.5) ? { delivered: earlier(shiftDate(assigned, random.int(1, 5)), today) } : {}),
        expiry: shiftDate(today, random.int(365, 1825)),
        implantWindow: { from, to: shiftDate(from, random.int(14, 60)) },
      };
    }
    case 'implanted': {
      const implanted = shiftDate(today, -random.int(10, 700));
      const delivered = shiftDate(implanted, -random.int(1, 7));
      const assigned = shiftDate(delivered, -random.int(2, 20));
      const released = shiftDate(assigned, -random.int(10, 300));
      const processed = shiftDate(released, -random.int(7, 14));
      const reported = shiftDate(implanted, random.int(14, 60));
      return {
        processed,
        released,
        assigned,
        delivered,
        implanted,
        ...(reported <= today ? { reported } : {}),
        expiry: shiftDate(processed, random.int(1095, 1825)),
        implantWindow: { from: shiftDate(implanted, -random.int(0, 10)), to: shiftDate(implanted, random.int(5, 40)) },
      };
    }
    case 'expired': {
      const expiry = shiftDate(today, -random.int(1, 400));
      const processed = shiftDate(expiry, -random.int(1095, 1825));
      // Half were marked expired by the bank; the others expired by time alone, as readers must notice.
      return {
        processed,
        released: shiftDate(processed, random.int(7, 14)),
        expiry,
        expiryRecorded: random.chance(0.5),
      };
    }
    case 'failed':
      return { processed: shiftDate(today, -random.int(10, 700)), decellularizationFailed: true };
  }
}

type Step = { status: StepStatus; out: string | null };

/** A step done on `date`, or still open when there is no date. */
function step(date: string | undefined, status: StepStatus = StepStatus.Done): Step {
  return date ? { status, out: date } : { status: StepStatus.Open, out: null };
}

function stepsOf(timeline: Timeline): Record<ProcessStepName, Step> {
  return {
    decellularization: step(timeline.processed, timeline.decellularizationFailed ? StepStatus.Failed : StepStatus.Done),
    release: step(timeline.released),
    assignment: step(timeline.assigned),
    delivery: step(timeline.delivered),
    implantation: step(timeline.implanted),
    // The expiry date is known from release on; the step is done only once the bank records the expiry.
    expiry: { status: timeline.expiryRecorded ? StepStatus.Done : StepStatus.Open, out: timeline.expiry ?? null },
    traceabilityReport: step(timeline.reported),
  };
}

function stepColumns(steps: Record<ProcessStepName, Step>): GraftStepValues {
  return Object.fromEntries(
    PROCESS_STEP_NAMES.flatMap((name) => [
      [`${name}Status`, steps[name].status],
      [`${name}Out`, steps[name].out],
    ]),
  ) as GraftStepValues;
}

function dimensions(type: GraftTypeEntry, random: DemoRandom) {
  const profile = TYPE_PROFILES[type.number];
  const diameter = random.mm(...profile.diameter);
  const minLength = random.mm(...profile.minLength);
  const branch = profile.branch;
  return {
    tDproximal: diameter,
    tDdistal: Math.max(5, diameter + random.mm(-3, 1)),
    tLmin: minLength,
    tLmax: Math.min(120, minLength + random.mm(...profile.extraLength)),
    tLleft: branch ? random.mm(...branch.length) : null,
    tLright: branch ? random.mm(...branch.length) : null,
    tDleft: branch ? random.mm(...branch.diameter) : null,
    tDright: branch ? random.mm(...branch.diameter) : null,
  };
}

/**
 * Single European Code, spaced into its parts: donation identification sequence (tissue
 * establishment code, 13-character donation number), product identification sequence
 * ('E' for EUTC, 7-character product code, 3-character split number), expiry date.
 */
function singleEuropeanCode(
  eute: DemoEute,
  type: GraftTypeEntry,
  timeline: Timeline,
  random: DemoRandom,
): string | null {
  if (!timeline.expiry) {
    return null;
  }
  const donationNumber = `${timeline.processed.slice(0, 4)}${String(random.int(0, 999_999_999)).padStart(9, '0')}`;
  const productCode = String(42_100 + type.number).padStart(7, '0');
  return `${eute.euteNumber} ${donationNumber} E${productCode} 001 ${timeline.expiry.replaceAll('-', '')}`;
}

function buildGraft(
  context: GraftContext,
  type: GraftTypeEntry,
  timeline: Timeline,
  eute: SeededEute,
  sequence: number,
): NewGraftRow {
  const { random, today } = context;
  const year = timeline.processed.slice(0, 4);
  const lotNumber = String(sequence).padStart(4, '0');
  const steps = stepsOf(timeline);
  const clinic = timeline.assigned ? random.pick(context.clinics) : null;
  const patient = clinic ? drawPatient(random, [1950, 2024]) : null;
  const lastEvent = [timeline.released, timeline.assigned, timeline.delivered, timeline.implanted, timeline.reported]
    .filter((date): date is string => date !== undefined)
    .reduce((latest, date) => (date > latest ? date : latest), timeline.processed);
  return {
    id: random.uuid(),
    eLot: `${eute.data.lotPrefix}-${year}-${lotNumber}`,
    xLot: `PX${year.slice(2)}-${eute.data.lotPrefix.slice(-1)}-${lotNumber}`,
    tLot: `TL${random.int(100_000, 999_999)}`,
    tProdName2: type.number,
    ...dimensions(type, random),
    iMin: timeline.implantWindow?.from ?? null,
    iMax: timeline.implantWindow?.to ?? null,
    aImplantPlan: timeline.implanted ?? timeline.implantWindow?.from ?? null,
    dRemarksPublic: random.pick(DONOR_REMARKS),
    xRemarksPublic: timeline.decellularizationFailed
      ? 'Decellularization incomplete on histology; graft discarded.'
      : random.pick(PROCESSING_REMARKS),
    patientInitial: patient?.initial ?? null,
    patientMonth: patient?.month ?? null,
    patientYear: patient?.year ?? null,
    physicianName: clinic?.physician.name ?? null,
    physicianEmail: clinic?.physician.email ?? null,
    physicianPhone: clinic?.physician.phone ?? null,
    processedUntil: timeline.processed,
    aAlloNote: clinic && timeline.assigned ? `Allocated to ${clinic.cName} on ${timeline.assigned}.` : null,
    aDeliverNote: timeline.delivered ? `Shipped at 2-8 °C by medical courier on ${timeline.delivered}.` : null,
    xSec: singleEuropeanCode(eute.data, type, timeline, random),
    eName: eute.data.name,
    eEmail: eute.data.email,
    aRequestor: clinic?.physician.name ?? null,
    cName: clinic?.cName ?? null,
    ...stepColumns(steps),
    euteId: eute.id,
    clinicId: clinic?.id ?? null,
    // Stored as if not expired (no expiry date given): readers compare expiryDate with their today.
    listStatus: graftListStatus(steps, null, today),
    expiryDate: steps.expiry.out,
    createdAt: timestampOn(timeline.processed),
    updatedAt: timestampOn(earlier(lastEvent, today)),
  };
}
