import { Type, type Static, type TLiteral, type TUnion } from '@sinclair/typebox';
import { Id, IsoDate, IsoDateTime, Lot, MultiLineText, Nullable, RequiredText, ShortText } from './common';
import { PageQuery } from './paging';

// Vigilance reports (docs/api.md "Vigilance"): a serious adverse reaction (SAR) or event (SAE), each
// in two parts as Directive 2006/86/EC Annexes III and IV (as replaced by Directive (EU) 2015/565)
// lay them out, plus the items of Regulation (EU) 2024/1938 Art. 44(3). Part A is the rapid
// notification, part B the confirmation with the investigation's conclusions. The fields the graft
// knows (establishment, codes, dates, place) are filled in by the server and read-only.

export const VIGILANCE_KINDS = ['SAR', 'SAE'] as const;
export type VigilanceKind = (typeof VIGILANCE_KINDS)[number];
/** A draft is edited; `notified` once part A is submitted; `confirmed` once part B is. */
export const VIGILANCE_STATES = ['draft', 'notified', 'confirmed'] as const;
export type VigilanceState = (typeof VIGILANCE_STATES)[number];

export const AFFECTED_INDIVIDUALS = ['recipient', 'donor'] as const;
/** Annex III part B's clinical outcomes, with "unknown" for an outcome not known (yet). */
export const CLINICAL_OUTCOMES = [
  'complete-recovery',
  'minor-sequelae',
  'serious-sequelae',
  'death',
  'unknown',
] as const;
/** Annex IV part A's deviation matrix: where in the chain... */
export const DEVIATION_STAGES = [
  'procurement',
  'testing',
  'transport',
  'processing',
  'storage',
  'distribution',
  'materials',
  'other',
] as const;
/** ...and of what kind. */
export const DEVIATION_CAUSES = ['tissue-defect', 'equipment-failure', 'human-error', 'other'] as const;
/** Art. 44(3)(b): the preliminary assessment of imputability (the EU SARE scale). */
export const IMPUTABILITY_LEVELS = ['not-assessable', 'excluded', 'unlikely', 'possible', 'likely', 'certain'] as const;
/** Art. 44(3)(d): the preliminary assessment of severity. */
export const SEVERITY_LEVELS = ['non-serious', 'serious', 'life-threatening', 'death'] as const;

const literals = <T extends readonly string[]>(values: T) =>
  Type.Union(values.map((value) => Type.Literal(value))) as unknown as TUnion<TLiteral<T[number]>[]>;

export const VigilanceKindSchema = literals(VIGILANCE_KINDS);
export const VigilanceStateSchema = literals(VIGILANCE_STATES);
/** A report's free texts: a long one (a description, an investigation's outcome) and a one-line one. */
export const MAX_VIGILANCE_TEXT_LENGTH = 4000;
export const MAX_VIGILANCE_LINE_LENGTH = 200;
const LongText = Nullable(MultiLineText(MAX_VIGILANCE_TEXT_LENGTH));
const Line = Nullable(ShortText(MAX_VIGILANCE_LINE_LENGTH));

/** Regulation (EU) 2024/1938 Art. 44(3): asked with every part A. */
const SohoItems = {
  description: LongText,
  imputability: Nullable(literals(IMPUTABILITY_LEVELS)),
  severity: Nullable(literals(SEVERITY_LEVELS)),
  mitigatingMeasures: LongText,
};

/** What the graft and the report itself know; the server fills these in and nobody edits them. */
export const VigilanceHeader = Type.Object(
  {
    tissueEstablishment: Type.String(),
    euTeCode: Nullable(Type.String()),
    reportIdentification: Type.String(),
  },
  { additionalProperties: false },
);

/** Annex III part A, the editable fields of a SAR notification. */
export const SarNotificationInput = Type.Object(
  {
    individualAffected: Nullable(literals(AFFECTED_INDIVIDUALS)),
    applicationDate: Nullable(IsoDate),
    applicationPlace: Line,
    reactionDate: Nullable(IsoDate),
    reactionType: Line,
    ...SohoItems,
  },
  { additionalProperties: false },
);
export type SarNotificationInput = Static<typeof SarNotificationInput>;

/** Annex III part A as reported: the header, the graft's codes, the reporting date and the editable fields. */
export const SarNotification = Type.Object(
  {
    ...VigilanceHeader.properties,
    reportingDate: Nullable(IsoDate),
    donationIdentification: Nullable(Type.String()),
    tissueType: Type.String(),
    singleEuropeanCode: Nullable(Type.String()),
    /** Our pseudonymous patient code of the recipient, never a name. */
    patientCode: Nullable(Type.String()),
    ...SarNotificationInput.properties,
  },
  { additionalProperties: false },
);
export type SarNotification = Static<typeof SarNotification>;

/** Annex III part B, the editable fields of a SAR confirmation. */
export const SarConfirmationInput = Type.Object(
  {
    confirmed: Nullable(Type.Boolean()),
    typeChanged: Nullable(Type.Boolean()),
    typeChange: Line,
    clinicalOutcome: Nullable(literals(CLINICAL_OUTCOMES)),
    investigationOutcome: LongText,
    correctiveActions: LongText,
  },
  { additionalProperties: false },
);
export type SarConfirmationInput = Static<typeof SarConfirmationInput>;

export const SarConfirmation = Type.Object(
  { confirmationDate: Nullable(IsoDate), ...SarConfirmationInput.properties },
  { additionalProperties: false },
);
export type SarConfirmation = Static<typeof SarConfirmation>;

/** One ticked cell of Annex IV's deviation matrix. */
export const Deviation = Type.Object(
  { stage: literals(DEVIATION_STAGES), cause: literals(DEVIATION_CAUSES) },
  { additionalProperties: false },
);
export type Deviation = Static<typeof Deviation>;

/** Annex IV part A, the editable fields of a SAE notification. */
export const SaeNotificationInput = Type.Object(
  {
    eventDate: Nullable(IsoDate),
    deviations: Type.Array(Deviation, { maxItems: DEVIATION_STAGES.length * DEVIATION_CAUSES.length }),
    ...SohoItems,
  },
  { additionalProperties: false },
);
export type SaeNotificationInput = Static<typeof SaeNotificationInput>;

export const SaeNotification = Type.Object(
  {
    ...VigilanceHeader.properties,
    reportingDate: Nullable(IsoDate),
    ...SaeNotificationInput.properties,
  },
  { additionalProperties: false },
);
export type SaeNotification = Static<typeof SaeNotification>;

/** Annex IV part B, the editable fields of a SAE confirmation. */
export const SaeConfirmationInput = Type.Object(
  { rootCauseAnalysis: LongText, correctiveMeasures: LongText },
  { additionalProperties: false },
);
export type SaeConfirmationInput = Static<typeof SaeConfirmationInput>;

export const SaeConfirmation = Type.Object(
  { confirmationDate: Nullable(IsoDate), ...SaeConfirmationInput.properties },
  { additionalProperties: false },
);
export type SaeConfirmation = Static<typeof SaeConfirmation>;

const Quarantine = Type.Object(
  {
    since: IsoDateTime,
    /** Lots the quarantine took out of search and matching. */
    lots: Type.Array(Type.String()),
    liftedAt: Nullable(IsoDateTime),
    liftReason: Nullable(Type.String()),
  },
  { additionalProperties: false },
);

export const VigilanceReport = Type.Object(
  {
    id: Id,
    kind: VigilanceKindSchema,
    state: VigilanceStateSchema,
    lot: Type.String(),
    bankId: Id,
    bankName: Type.String(),
    /** The clinic the graft was assigned to when the report was made. */
    clinicName: Nullable(Type.String()),
    discoveredAt: IsoDateTime,
    notificationDeadline: IsoDateTime,
    confirmationDeadline: IsoDateTime,
    notifiedAt: Nullable(IsoDateTime),
    confirmedAt: Nullable(IsoDateTime),
    quarantine: Nullable(Quarantine),
    sar: Nullable(Type.Object({ notification: SarNotification, confirmation: SarConfirmation })),
    sae: Nullable(Type.Object({ notification: SaeNotification, confirmation: SaeConfirmation })),
    createdAt: IsoDateTime,
    updatedAt: IsoDateTime,
  },
  { additionalProperties: false },
);
export type VigilanceReport = Static<typeof VigilanceReport>;

/** `POST /vigilance/reports`: a draft on one graft. */
export const CreateVigilanceReportRequest = Type.Object(
  {
    kind: VigilanceKindSchema,
    lot: Lot,
    description: Type.Optional(MultiLineText(MAX_VIGILANCE_TEXT_LENGTH)),
    /** When the reaction or event was discovered; now when left out. */
    discoveredAt: Type.Optional(IsoDateTime),
  },
  { additionalProperties: false },
);
export type CreateVigilanceReportRequest = Static<typeof CreateVigilanceReportRequest>;

/** `PATCH /vigilance/reports/{id}`: a draft's part A, or a notified report's part B, of its kind. */
export const UpdateVigilanceReportRequest = Type.Object(
  {
    sarNotification: Type.Optional(Type.Partial(SarNotificationInput)),
    sarConfirmation: Type.Optional(Type.Partial(SarConfirmationInput)),
    saeNotification: Type.Optional(Type.Partial(SaeNotificationInput)),
    saeConfirmation: Type.Optional(Type.Partial(SaeConfirmationInput)),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type UpdateVigilanceReportRequest = Static<typeof UpdateVigilanceReportRequest>;

export const LiftQuarantineRequest = Type.Object({ reason: RequiredText(500) }, { additionalProperties: false });
export type LiftQuarantineRequest = Static<typeof LiftQuarantineRequest>;

/** `POST /vigilance/quarantine/release-orphaned` (admins): why grafts no report holds are released. */
export const ReleaseOrphanedQuarantinesRequest = LiftQuarantineRequest;
export type ReleaseOrphanedQuarantinesRequest = Static<typeof ReleaseOrphanedQuarantinesRequest>;

/** The lots released, in lot order. */
export const ReleaseOrphanedQuarantinesResponse = Type.Object(
  { released: Type.Array(Type.String()) },
  { additionalProperties: false },
);
export type ReleaseOrphanedQuarantinesResponse = Static<typeof ReleaseOrphanedQuarantinesResponse>;

/** The page size of the vigilance list when the query names none; the web's list pages by it. */
export const VIGILANCE_PAGE_SIZE = 50;

export const VigilanceListQuery = Type.Object(
  {
    ...PageQuery.properties,
    state: Type.Optional(VigilanceStateSchema),
    bank: Type.Optional(Id),
    show: Type.Optional(
      Type.Literal('open', {
        description:
          "the bank home's counter: open reports (draft or notified) of the caller's banks (every bank's for admins and auditors), soonest deadline first",
      }),
    ),
  },
  { additionalProperties: false },
);
export type VigilanceListQuery = Static<typeof VigilanceListQuery>;

export const VigilanceReportPage = Type.Object({
  items: Type.Array(VigilanceReport),
  total: Type.Integer({ minimum: 0 }),
});
export type VigilanceReportPage = Static<typeof VigilanceReportPage>;

/** Where a graft of the donation is now (`graftWhereabouts`). */
export const GRAFT_WHEREABOUTS = [
  'processing',
  'free',
  'reserved',
  'assigned',
  'delivered',
  'implanted',
  'archived',
  'quarantined',
] as const;
export type GraftWhereabouts = (typeof GRAFT_WHEREABOUTS)[number];

export const LookbackGraft = Type.Object(
  {
    lot: Type.String(),
    singleEuropeanCode: Nullable(Type.String()),
    bankName: Type.String(),
    whereabouts: literals(GRAFT_WHEREABOUTS),
    /** The clinic it is assigned to, delivered to or implanted at. */
    clinicName: Nullable(Type.String()),
    implantedOn: Nullable(IsoDate),
    quarantined: Type.Boolean(),
    /** The reported graft itself. */
    reported: Type.Boolean(),
  },
  { additionalProperties: false },
);
export type LookbackGraft = Static<typeof LookbackGraft>;

export const Lookback = Type.Object({
  donationIdentification: Nullable(Type.String()),
  grafts: Type.Array(LookbackGraft),
});
export type Lookback = Static<typeof Lookback>;
