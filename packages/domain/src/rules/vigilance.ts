import type { Message } from '../i18n/translate';
import { ListStatus } from '../constants/list-status';
import { StepStatus } from '../constants/process-steps';
import type { Language } from '../schemas/enums';
import type { GraftWhereabouts, VigilanceKind, VigilanceState } from '../schemas/vigilance';
import { parseSingleEuropeanCode } from './single-european-code';

// The rules of vigilance reports (docs/decisions.md "Vigilance"): the annexes' fields, the two
// deadlines, the order of the parts, quarantine, and where each graft of a donation is.

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** Part A is due this many hours after discovery unless a bank's setting says otherwise (UK HTA: 24 h). */
export const DEFAULT_NOTIFICATION_HOURS = 24;
/** Part B is due this many days after discovery unless a bank's setting says otherwise. */
export const DEFAULT_CONFIRMATION_DAYS = 90;
/** A bank's notification deadline lies between 1 hour and a week after discovery. */
export const MAX_NOTIFICATION_HOURS = 168;
/** A bank's confirmation deadline lies between 1 day and a year after discovery. */
export const MAX_CONFIRMATION_DAYS = 365;
/** Reminders go out this many hours before a deadline, and again when it passes. */
export const VIGILANCE_REMINDER_HOURS = 2;

export type AnnexPart = 'III-A' | 'III-B' | 'IV-A' | 'IV-B' | 'Art44-3';

export interface AnnexField {
  part: AnnexPart;
  /** The item as the annex words it. */
  item: Readonly<Record<Language, string>>;
  /** The report's fields that answer it (those of part A when part B repeats them). */
  fields: readonly string[];
}

const field = (part: AnnexPart, en: string, de: string, ...fields: string[]): AnnexField => ({
  part,
  item: { en, de },
  fields,
});

/** The three items every part opens with: who reports, and which report. */
const header = (part: AnnexPart): AnnexField[] => [
  field(part, 'Tissue establishment', 'Gewebeeinrichtung', 'tissueEstablishment'),
  field(
    part,
    'EU tissue establishment code (if applicable)',
    'EU-Code der Gewebeeinrichtung (falls zutreffend)',
    'euTeCode',
  ),
  field(part, 'Report identification', 'Meldungskennung', 'reportIdentification'),
];

/**
 * Every item of Annexes III and IV of Directive 2006/86/EC (as replaced by Directive (EU) 2015/565)
 * and of Art. 44(3) of Regulation (EU) 2024/1938, in the annexes' order, with the report fields
 * that answer it: the one list the form, the PDF and the tests read.
 */
export const ANNEX_FIELDS: readonly AnnexField[] = [
  ...header('III-A'),
  field('III-A', 'Reporting date (yyyy/mm/dd)', 'Meldedatum (JJJJ/MM/TT)', 'reportingDate'),
  field(
    'III-A',
    'Individual affected (recipient or donor)',
    'Betroffene Person (Empfänger oder Spender)',
    'individualAffected',
    'patientCode',
  ),
  field(
    'III-A',
    'Date and place of procurement or human application',
    'Datum und Ort der Beschaffung oder der Anwendung beim Menschen',
    'applicationDate',
    'applicationPlace',
  ),
  field('III-A', 'Unique donation identification number', 'Eindeutige Spendenkennnummer', 'donationIdentification'),
  field(
    'III-A',
    'Date of suspected serious adverse reaction',
    'Datum der vermuteten schwerwiegenden unerwünschten Reaktion',
    'reactionDate',
  ),
  field(
    'III-A',
    'Type of tissues and cells involved in the suspected SAR',
    'Art der betroffenen Gewebe und Zellen',
    'tissueType',
  ),
  field(
    'III-A',
    'Single European Code of the tissues or cells (if applicable)',
    'Einheitlicher Europäischer Code der Gewebe oder Zellen (falls zutreffend)',
    'singleEuropeanCode',
  ),
  field(
    'III-A',
    'Type of suspected serious adverse reaction(s)',
    'Art der vermuteten schwerwiegenden unerwünschten Reaktion(en)',
    'reactionType',
  ),

  ...header('III-B'),
  field('III-B', 'Confirmation date (yyyy/mm/dd)', 'Bestätigungsdatum (JJJJ/MM/TT)', 'confirmationDate'),
  field(
    'III-B',
    'Date of serious adverse reaction (yyyy/mm/dd)',
    'Datum der schwerwiegenden unerwünschten Reaktion (JJJJ/MM/TT)',
    'reactionDate',
  ),
  field('III-B', 'Unique donation identification number', 'Eindeutige Spendenkennnummer', 'donationIdentification'),
  field(
    'III-B',
    'Confirmation of serious adverse reaction (Yes/No)',
    'Bestätigung der schwerwiegenden unerwünschten Reaktion (Ja/Nein)',
    'confirmed',
  ),
  field(
    'III-B',
    'Single European Code of the tissues or cells (if applicable)',
    'Einheitlicher Europäischer Code der Gewebe oder Zellen (falls zutreffend)',
    'singleEuropeanCode',
  ),
  field(
    'III-B',
    'Change of type of serious adverse reaction (Yes/No); if yes, specify',
    'Änderung der Art der schwerwiegenden unerwünschten Reaktion (Ja/Nein); falls ja, bitte angeben',
    'typeChanged',
    'typeChange',
  ),
  field('III-B', 'Clinical outcome (if known)', 'Klinisches Ergebnis (falls bekannt)', 'clinicalOutcome'),
  field(
    'III-B',
    'Outcome of the investigation and final conclusions',
    'Ergebnis der Untersuchung und abschließende Schlussfolgerungen',
    'investigationOutcome',
  ),
  field(
    'III-B',
    'Recommendations for preventive and corrective actions',
    'Empfehlungen für vorbeugende und Korrekturmaßnahmen',
    'correctiveActions',
  ),

  ...header('IV-A'),
  field('IV-A', 'Reporting date (yyyy/mm/dd)', 'Meldedatum (JJJJ/MM/TT)', 'reportingDate'),
  field(
    'IV-A',
    'Date of serious adverse event (yyyy/mm/dd)',
    'Datum des schwerwiegenden unerwünschten Zwischenfalls (JJJJ/MM/TT)',
    'eventDate',
  ),
  field(
    'IV-A',
    'Serious adverse event, which may affect the quality and safety of tissues and cells due to a deviation in',
    'Schwerwiegender unerwünschter Zwischenfall, der die Qualität und Sicherheit von Geweben und Zellen beeinträchtigen kann, aufgrund einer Abweichung bei',
    'deviations',
  ),

  ...header('IV-B'),
  field('IV-B', 'Confirmation date (yyyy/mm/dd)', 'Bestätigungsdatum (JJJJ/MM/TT)', 'confirmationDate'),
  field(
    'IV-B',
    'Date of serious adverse event (yyyy/mm/dd)',
    'Datum des schwerwiegenden unerwünschten Zwischenfalls (JJJJ/MM/TT)',
    'eventDate',
  ),
  field('IV-B', 'Root cause analysis (details)', 'Ursachenanalyse (Einzelheiten)', 'rootCauseAnalysis'),
  field(
    'IV-B',
    'Corrective measures taken (details)',
    'Ergriffene Korrekturmaßnahmen (Einzelheiten)',
    'correctiveMeasures',
  ),

  field('Art44-3', 'Description', 'Beschreibung', 'description'),
  field(
    'Art44-3',
    'Preliminary assessment of imputability',
    'Vorläufige Bewertung der Zurechenbarkeit',
    'imputability',
  ),
  field('Art44-3', 'Immediate mitigating measures', 'Sofortige Minderungsmaßnahmen', 'mitigatingMeasures'),
  field('Art44-3', 'Preliminary assessment of severity', 'Vorläufige Bewertung des Schweregrads', 'severity'),
];

/** The annex parts of a kind: its notification (A), its confirmation (B); Art. 44(3) goes with A. */
export const ANNEX_PARTS: Readonly<Record<VigilanceKind, { notification: AnnexPart; confirmation: AnnexPart }>> = {
  SAR: { notification: 'III-A', confirmation: 'III-B' },
  SAE: { notification: 'IV-A', confirmation: 'IV-B' },
};

/** The items of one part, in the annex's order. */
export function annexFieldsOf(part: AnnexPart): AnnexField[] {
  return ANNEX_FIELDS.filter((entry) => entry.part === part);
}

/** The deadline of part A: `hours` after discovery. */
export function notificationDeadline(discoveredAt: string | Date, hours = DEFAULT_NOTIFICATION_HOURS): string {
  return new Date(new Date(discoveredAt).getTime() + hours * HOUR_MS).toISOString();
}

/** The deadline of part B: `days` after discovery. */
export function confirmationDeadline(discoveredAt: string | Date, days = DEFAULT_CONFIRMATION_DAYS): string {
  return new Date(new Date(discoveredAt).getTime() + days * DAY_MS).toISOString();
}

export type VigilanceStage = 'notification' | 'confirmation';

/** The part still to submit, whose deadline runs: none once confirmed. */
export function openStage(state: VigilanceState): VigilanceStage | null {
  return state === 'draft' ? 'notification' : state === 'notified' ? 'confirmation' : null;
}

/** The states of a report whose part is still open: its clock runs. */
export const OPEN_VIGILANCE_STATES = ['draft', 'notified'] as const satisfies readonly VigilanceState[];

/** The deadline of the report's open part; null once both parts are in. */
export function nextVigilanceDeadline(report: {
  state: VigilanceState;
  notificationDeadline: string;
  confirmationDeadline: string;
}): string | null {
  const stage = openStage(report.state);
  return stage === null ? null : stage === 'notification' ? report.notificationDeadline : report.confirmationDeadline;
}

/**
 * Which reminder of a deadline is due at `now`: `before` within the last VIGILANCE_REMINDER_HOURS,
 * `due` once it has passed, else null. Each is sent once (its key names it), so a server that was
 * down sends `due` alone rather than both.
 */
export function vigilanceReminderDue(deadline: string, now: Date): 'before' | 'due' | null {
  const left = Date.parse(deadline) - now.getTime();
  if (left <= 0) {
    return 'due';
  }
  return left <= VIGILANCE_REMINDER_HOURS * HOUR_MS ? 'before' : null;
}

export type VigilanceStep = 'submit-notification' | 'confirm';

/** Whether a step may be taken in `state`, or why not: part B follows part A, each once. */
export function decideVigilanceStep(
  state: VigilanceState,
  step: VigilanceStep,
): { allowed: true; to: VigilanceState } | { allowed: false; reason: Message } {
  if (step === 'submit-notification') {
    return state === 'draft'
      ? { allowed: true, to: 'notified' }
      : { allowed: false, reason: { key: 'problem.vigilance.partAAlready' } };
  }
  if (state === 'notified') {
    return { allowed: true, to: 'confirmed' };
  }
  return {
    allowed: false,
    reason: { key: state === 'draft' ? 'problem.vigilance.partABeforeB' : 'problem.vigilance.partBAlready' },
  };
}

/**
 * The donation a graft came from: the SEC's donation identification sequence (EU tissue
 * establishment code and unique donation number, 21 characters); null without a readable SEC.
 */
export function donationIdentification(sec: string | null | undefined): string | null {
  if (!sec) {
    return null;
  }
  const parts = parseSingleEuropeanCode(sec);
  return 'error' in parts ? null : `${parts.establishment}${parts.donation}`;
}

/**
 * The list a graft counts in for search and matching: a quarantined graft is never Free (nor
 * reservable), though its stored and shown list status stays Free, Current or Archive
 * (docs/decisions.md "Quarantine").
 */
export function matchingListStatus(
  listStatus: ListStatus | null,
  quarantined: boolean,
): ListStatus | 'quarantined' | null {
  return quarantined && listStatus === ListStatus.Free ? 'quarantined' : listStatus;
}

/** Whether search, matching and requests may offer the graft. */
export function isOpenForMatching(listStatus: ListStatus | null, quarantined: boolean): boolean {
  return matchingListStatus(listStatus, quarantined) === ListStatus.Free;
}

/** Where a graft is now, for a look-back (`listStatus` already with expiry applied). */
export function graftWhereabouts(graft: {
  listStatus: ListStatus | null;
  quarantined: boolean;
  held: boolean;
  deliveryStatus: StepStatus;
  implantationStatus: StepStatus;
}): GraftWhereabouts {
  if (graft.quarantined && graft.listStatus !== ListStatus.Archive) {
    return 'quarantined';
  }
  if (graft.implantationStatus === StepStatus.Done) {
    return 'implanted';
  }
  switch (graft.listStatus) {
    case null:
      return 'processing';
    case ListStatus.Archive:
      return 'archived';
    case ListStatus.Current:
      return graft.deliveryStatus === StepStatus.Done ? 'delivered' : 'assigned';
    default:
      return graft.held ? 'reserved' : 'free';
  }
}

/** What a part must hold before it is submitted; Art. 44(3)'s assessments are asked "if available". */
const REQUIRED: Readonly<Record<VigilanceKind, Record<VigilanceStage, readonly string[]>>> = {
  SAR: {
    notification: [
      'individualAffected',
      'applicationDate',
      'applicationPlace',
      'reactionDate',
      'reactionType',
      'description',
    ],
    confirmation: ['confirmed', 'typeChanged', 'clinicalOutcome', 'investigationOutcome', 'correctiveActions'],
  },
  SAE: {
    notification: ['eventDate', 'deviations', 'description'],
    confirmation: ['rootCauseAnalysis', 'correctiveMeasures'],
  },
};

const blank = (value: unknown) =>
  value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);

/** The fields a part still lacks before it may be submitted, by name; a changed type must say how. */
export function missingVigilanceFields(
  kind: VigilanceKind,
  stage: VigilanceStage,
  values: Readonly<Record<string, unknown>>,
): string[] {
  const missing = REQUIRED[kind][stage].filter((name) => blank(values[name]));
  if (kind === 'SAR' && stage === 'confirmation' && values.typeChanged === true && blank(values.typeChange)) {
    missing.push('typeChange');
  }
  return missing;
}

/** EU TE codes start with the country (ISO 3166 alpha-2); these countries' authorities read German. */
const GERMAN_SPEAKING_COUNTRIES = ['DE', 'AT', 'CH', 'LI'];
const GERMAN_SPEAKING_COUNTRY_NAMES = [
  'germany',
  'deutschland',
  'austria',
  'österreich',
  'switzerland',
  'schweiz',
  'liechtenstein',
];

/**
 * The language of a bank's mails to its competent authority (docs/decisions.md "Vigilance"): the
 * authority is the one of the bank's country, so German for a bank in a German-speaking country
 * (by its EU TE code, else its address), English otherwise.
 */
export function authorityLanguage(bank: { euteNumber: string | null; country: string | null }): Language {
  const prefix = (bank.euteNumber ?? '').trim().slice(0, 2).toUpperCase();
  if (/^[A-Z]{2}$/.test(prefix)) {
    return GERMAN_SPEAKING_COUNTRIES.includes(prefix) ? 'de' : 'en';
  }
  return GERMAN_SPEAKING_COUNTRY_NAMES.includes((bank.country ?? '').trim().toLowerCase()) ? 'de' : 'en';
}
