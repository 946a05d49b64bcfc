import { Type, type Static, type TLiteral, type TUnion } from '@sinclair/typebox';
import {
  DEATH_CAUSES,
  EXPLANT_REASONS,
  FOLLOW_UP_KINDS,
  FOLLOW_UP_STATES,
  FOLLOW_UP_VISITS,
  GRAFT_STATUSES,
  MAX_GRADIENT_MMHG,
  NYHA_CLASSES,
  PATIENT_STATUSES,
  REGURGITATION_GRADES,
  REINTERVENTION_KINDS,
} from '../constants/follow-ups';
import { Id, IsoDate, IsoDateTime, Lot, Nullable, RequiredText, ShortText } from './common';
import { PageQuery } from './paging';

// Follow-ups after an implantation (docs/api.md "Follow-ups"): the schedule's visits and unscheduled
// events, each recorded with the follow-up form. The schema checks each field; the rules between
// fields (dates, what goes with a death, a reintervention or an explant) are `validateFollowUpRecord`.

const literals = <T extends readonly string[]>(values: T, options = {}) =>
  Type.Union(
    values.map((value) => Type.Literal(value)),
    options,
  ) as unknown as TUnion<TLiteral<T[number]>[]>;

export const FollowUpStateSchema = literals(FOLLOW_UP_STATES);
const Gradient = Type.Number({ minimum: 0, maximum: MAX_GRADIENT_MMHG, description: 'mmHg' });

/** Every record states these. */
const STATED = {
  /** The day of the follow-up (the contact), the clinic's local day. */
  date: IsoDate,
  patientStatus: literals(PATIENT_STATUSES),
  graftStatus: literals(GRAFT_STATUSES),
};
/** What goes with a death, a reintervention or an explant, and what was measured; null when none. */
const DETAILS = {
  deathDate: Nullable(IsoDate),
  deathCause: Nullable(literals(DEATH_CAUSES)),
  reinterventionDate: Nullable(IsoDate),
  reinterventionKind: Nullable(literals(REINTERVENTION_KINDS)),
  explantDate: Nullable(IsoDate),
  explantReason: Nullable(literals(EXPLANT_REASONS)),
  /** Required when the explant's reason is `other`. */
  explantReasonText: Nullable(ShortText(500)),
  /** Echocardiography. */
  peakGradient: Nullable(Gradient),
  meanGradient: Nullable(Gradient),
  regurgitation: Nullable(literals(REGURGITATION_GRADES)),
  nyhaClass: Nullable(literals(NYHA_CLASSES)),
  /** Events since the last follow-up. */
  endocarditis: Type.Boolean(),
  thromboembolism: Type.Boolean(),
  majorBleeding: Type.Boolean(),
};

/** What a physician records at a follow-up, or of an unscheduled event; a left-out detail is none. */
export const FollowUpRecordInput = Type.Object(
  { ...STATED, ...Type.Partial(Type.Object(DETAILS)).properties },
  { additionalProperties: false },
);
export type FollowUpRecordInput = Static<typeof FollowUpRecordInput>;

/** A record as stored and answered: every field present, a detail not given as null, no event as false. */
export const FollowUpRecord = Type.Object({ ...STATED, ...DETAILS }, { additionalProperties: false });
export type FollowUpRecord = Static<typeof FollowUpRecord>;

/** `PUT /physician/followups/{id}`: the record of a scheduled follow-up. */
export const RecordFollowUpRequest = FollowUpRecordInput;
export type RecordFollowUpRequest = FollowUpRecordInput;

/** `POST /physician/followups`: an unscheduled event (a death, a reintervention, an explant) of a graft. */
export const RecordUnscheduledFollowUpRequest = Type.Object(
  { lot: Lot, ...FollowUpRecordInput.properties },
  { additionalProperties: false },
);
export type RecordUnscheduledFollowUpRequest = Static<typeof RecordUnscheduledFollowUpRequest>;

/** `POST /physician/followups/{id}/lost`: why the patient can no longer be followed. */
export const MarkFollowUpLostRequest = Type.Object({ reason: RequiredText(500) }, { additionalProperties: false });
export type MarkFollowUpLostRequest = Static<typeof MarkFollowUpLostRequest>;

export const FollowUp = Type.Object(
  {
    id: Id,
    lot: Type.String(),
    /** The graft type (1 to 8), as `t_ProdName_2` of a graft. */
    t_ProdName_2: Type.Integer(),
    bankName: Type.String(),
    clinicName: Type.String(),
    /** The clinic's IANA zone: its local day dates the follow-up and makes it due (docs/decisions.md "Follow-ups"). */
    clinicTimeZone: Type.String(),
    /** Our pseudonymous patient code, as the implantation recorded it. */
    patient_Code: Nullable(Type.String()),
    implantedOn: IsoDate,
    kind: literals(FOLLOW_UP_KINDS),
    /** The visit as an ISO 8601 duration after the implantation (`P30D`, `P1Y` … `P10Y`); null when unscheduled. */
    visit: Nullable(literals(FOLLOW_UP_VISITS)),
    dueOn: Nullable(IsoDate),
    /** The first day it can be recorded. */
    opensOn: Nullable(IsoDate),
    state: FollowUpStateSchema,
    record: Nullable(FollowUpRecord),
    recordedAt: Nullable(IsoDateTime),
    /** The name of the physician who recorded it. */
    recordedBy: Nullable(Type.String()),
    lostReason: Nullable(Type.String()),
    createdAt: IsoDateTime,
    updatedAt: IsoDateTime,
  },
  { additionalProperties: false },
);
export type FollowUp = Static<typeof FollowUp>;

export const FollowUpPage = Type.Object({ items: Type.Array(FollowUp), total: Type.Integer({ minimum: 0 }) });
export type FollowUpPage = Static<typeof FollowUpPage>;

/** `GET /physician/followups` and `GET /euteemployee/followups`. */
export const FollowUpListQuery = Type.Object(
  {
    ...PageQuery.properties,
    state: Type.Optional(literals(FOLLOW_UP_STATES, { description: "on the day of each follow-up's clinic" })),
    lot: Type.Optional(Lot),
  },
  { additionalProperties: false },
);
export type FollowUpListQuery = Static<typeof FollowUpListQuery>;
