// The follow-up schedule of an implantation (docs/api.md "Follow-ups", docs/decisions.md "Follow-ups").

/** The first follow-up is due this many days after the implantation. */
export const FOLLOW_UP_FIRST_DAYS = 30;
/** Then one a year, on the implantation's anniversary, up to this many years. */
export const FOLLOW_UP_YEARS = 10;
/** A follow-up can be recorded from this many days before its due day. */
export const FOLLOW_UP_WINDOW_DAYS = 14;

/**
 * The visits of a schedule, named as ISO 8601 durations after the implantation: 30 days, then 1 to
 * 10 years. An unscheduled record has no visit.
 */
export const FOLLOW_UP_VISITS: readonly string[] = [
  `P${FOLLOW_UP_FIRST_DAYS}D`,
  ...Array.from({ length: FOLLOW_UP_YEARS }, (_, index) => `P${index + 1}Y`),
];

/** What is stored of a follow-up: open until recorded, marked lost, or ended by a death or explant. */
export const FOLLOW_UP_STORED_STATES = ['open', 'done', 'lost', 'ended'] as const;
export type FollowUpStoredState = (typeof FOLLOW_UP_STORED_STATES)[number];

/** How a follow-up reads on a day: an open one is upcoming, due (its window is open) or overdue. */
export const FOLLOW_UP_STATES = ['upcoming', 'due', 'overdue', 'done', 'lost', 'ended'] as const;
export type FollowUpState = (typeof FOLLOW_UP_STATES)[number];

export const FOLLOW_UP_KINDS = ['scheduled', 'unscheduled'] as const;
export type FollowUpKind = (typeof FOLLOW_UP_KINDS)[number];

// The form's choices (docs/api.md "Follow-ups"; the events after Akins et al. 2008).
export const PATIENT_STATUSES = ['alive', 'died'] as const;
export const DEATH_CAUSES = ['valve-related', 'cardiac-other', 'non-cardiac', 'unknown'] as const;
export const GRAFT_STATUSES = ['functioning', 'reintervention', 'explanted'] as const;
export const REINTERVENTION_KINDS = ['surgical', 'catheter'] as const;
export const EXPLANT_REASONS = [
  'structural-deterioration',
  'non-structural-dysfunction',
  'endocarditis',
  'thrombosis',
  'other',
] as const;
export const REGURGITATION_GRADES = ['none', 'trace', 'mild', 'moderate', 'severe'] as const;
export const NYHA_CLASSES = ['I', 'II', 'III', 'IV'] as const;

/** Echocardiographic gradients are taken between 0 and this many mmHg. */
export const MAX_GRADIENT_MMHG = 200;
