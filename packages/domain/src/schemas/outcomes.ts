import { Type, type Static } from '@sinclair/typebox';
import { Id, IsoDate, Nullable, UUID_PATTERN } from './common';

// The bank's quality view (docs/api.md "Outcomes"): per graft type, diameter band and all together,
// the grafts implanted, follow-up completeness, Kaplan–Meier freedom from explant or reintervention
// and the Aalen–Johansen cumulative incidence of explant with death competing, at 1, 5 and 10 years
// and as step curves (docs/decisions.md "Outcome statistics").

const Count = Type.Integer({ minimum: 0 });
const Probability = Type.Number({ minimum: 0, maximum: 1 });

/** A probability with its 95 % limits; the limits are null where the estimate is 0. */
export const OutcomeEstimate = Type.Object({
  value: Probability,
  lower: Nullable(Probability),
  upper: Nullable(Probability),
});
export type OutcomeEstimate = Static<typeof OutcomeEstimate>;

/** The estimates at one horizon (1, 5 or 10 years); each null past the group's last follow-up. */
export const OutcomeAtHorizon = Type.Object({
  years: Type.Integer({ minimum: 1 }),
  /** The horizon in days from the implantation: years × 365.25. */
  days: Type.Number({ minimum: 0 }),
  /** Grafts still followed free of explant and reintervention at the horizon. */
  atRisk: Count,
  /** Freedom from explant or reintervention (Kaplan–Meier, Greenwood limits). */
  freedom: Nullable(OutcomeEstimate),
  /** Grafts still followed in place (neither explanted nor the patient dead) at the horizon. */
  explantAtRisk: Count,
  /** Cumulative incidence of explant, death competing (Aalen–Johansen). */
  explant: Nullable(OutcomeEstimate),
  /** Cumulative incidence of death with the graft in place, the competing event. */
  death: Nullable(OutcomeEstimate),
});
export type OutcomeAtHorizon = Static<typeof OutcomeAtHorizon>;

/** What a group of grafts (a type, a diameter band, all) says. */
const SUMMARY = {
  /** Grafts implanted in the period, each with its follow-up schedule. */
  grafts: Count,
  /** Scheduled visits due by today (not ended by a death or explant), and of them those recorded. */
  followUpsDue: Count,
  followUpsRecorded: Count,
  /** Recorded of due; null when none is due yet. */
  completeness: Nullable(Probability),
  /** Grafts with an explant or a reintervention before any death. */
  explantsOrReinterventions: Count,
  /** Grafts explanted before any death. */
  explants: Count,
  /** Patients who died with the graft in place. */
  deaths: Count,
  horizons: Type.Array(OutcomeAtHorizon),
};

/** One point of a step curve: the estimate from `day` until the next point. */
export const OutcomeCurvePoint = Type.Object({
  day: Type.Number({ minimum: 0 }),
  value: Probability,
  lower: Nullable(Probability),
  upper: Nullable(Probability),
});
export type OutcomeCurvePoint = Static<typeof OutcomeCurvePoint>;

/** The step curves for drawing: day 0, every day with an event, and the last day of follow-up. */
export const OutcomeCurves = Type.Object({
  freedom: Type.Array(OutcomeCurvePoint),
  explant: Type.Array(OutcomeCurvePoint),
});
export type OutcomeCurves = Static<typeof OutcomeCurves>;

export const OutcomeSummary = Type.Object(SUMMARY);
export type OutcomeSummary = Static<typeof OutcomeSummary>;

/** A diameter band of a type: grafts whose proximal diameter lies in [band, band + 5) mm; null: not given. */
export const OutcomeBand = Type.Object({ band: Nullable(Type.Number({ minimum: 0 })), ...SUMMARY });
export type OutcomeBand = Static<typeof OutcomeBand>;

export const OutcomeType = Type.Object({
  type: Type.Integer({ minimum: 1, maximum: 8, description: 'graft type number' }),
  ...SUMMARY,
  curves: OutcomeCurves,
  /** The type's diameter bands, narrowest first, those without a diameter last. */
  bands: Type.Array(OutcomeBand),
});
export type OutcomeType = Static<typeof OutcomeType>;

/** `GET /euteemployee/outcomes` and `GET /admin/outcomes`. */
export const Outcomes = Type.Object({
  /** The day follow-ups are counted as due on (UTC). */
  asOf: IsoDate,
  from: Nullable(IsoDate),
  to: Nullable(IsoDate),
  type: Nullable(Type.Integer({ minimum: 1, maximum: 8 })),
  /** The bank asked for; null: every bank of the caller (for admins and auditors, the network). */
  bank: Nullable(Type.Object({ id: Id, name: Type.String() })),
  /** Width of the diameter bands in mm. */
  bandWidth: Type.Number(),
  /** Every type together. */
  all: Type.Object({ ...SUMMARY, curves: OutcomeCurves }),
  /** Per graft type with grafts, in type order. */
  types: Type.Array(OutcomeType),
});
export type Outcomes = Static<typeof Outcomes>;

export const OUTCOME_FORMATS = ['json', 'csv'] as const;
export type OutcomeFormat = (typeof OUTCOME_FORMATS)[number];

/** `?type&from&to&bank&format`: implantations of one type and period, of one bank; all optional. */
export const OutcomesQuery = Type.Object(
  {
    type: Type.Optional(Type.Integer({ minimum: 1, maximum: 8, description: 'graft type number' })),
    from: Type.Optional(IsoDate),
    to: Type.Optional(IsoDate),
    bank: Type.Optional(
      Type.String({ pattern: UUID_PATTERN, description: "a tissue bank's id; without it, every bank the caller sees" }),
    ),
    format: Type.Optional(
      Type.Union(
        OUTCOME_FORMATS.map((format) => Type.Literal(format)),
        { description: 'csv: the table as a text/csv attachment; also chosen by Accept: text/csv' },
      ),
    ),
  },
  { additionalProperties: false },
);
export type OutcomesQuery = Static<typeof OutcomesQuery>;
