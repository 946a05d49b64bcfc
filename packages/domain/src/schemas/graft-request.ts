import { Type, type Static } from '@sinclair/typebox';
import {
  DEFAULT_RESERVATION_HOURS,
  MAX_LEAD_TIME_DAYS,
  MAX_RESERVATION_HOURS,
  BANK_REQUEST_ACTIONS,
  PHYSICIAN_REQUEST_ACTIONS,
  REQUEST_STATES,
} from '../constants/graft-requests';
import { PATIENT_CODE_PATTERN } from '../rules/patient-code';
import { Id, IsoDate, IsoDateTime, Lot, MultiLineText, Nullable, RequiredText } from './common';

// Wire shapes of graft requests (docs/api.md "Graft requests").

export const RequestStateSchema = Type.Union(
  REQUEST_STATES.map((state) => Type.Literal(state)),
  { description: REQUEST_STATES.join(', ') },
);

const Reason = MultiLineText(1000);

/**
 * Why a patient who had a graft of this type implanted within PRIOR_IMPLANTATION_DAYS gets another:
 * the explicit acknowledgement that lets such a request, entry or reservation through, audited
 * (docs/decisions.md, "One implantation per patient").
 */
export const PriorImplantationReason = MultiLineText(1000, {
  description: 'acknowledges an implantation of the same graft type for this patient code within 90 days, and why',
});

/**
 * Body of `POST /physician/requests`: for a waiting-list entry the graft fits, or else for the patient
 * code given (complete, or `NN-00-0000` for "not known yet"); the service checks which.
 */
export const CreateGraftRequestRequest = Type.Object(
  {
    lot: Lot,
    waitinglistid: Type.Optional(Id),
    patient_Code: Type.Optional(Type.String({ pattern: PATIENT_CODE_PATTERN })),
    note: Type.Optional(Reason),
    priorImplantationReason: Type.Optional(PriorImplantationReason),
  },
  { additionalProperties: false },
);
export type CreateGraftRequestRequest = Static<typeof CreateGraftRequestRequest>;

/** Body of `.../reserve`: how long the physician has to confirm. */
export const ReserveGraftRequestRequest = Type.Object(
  {
    hours: Type.Integer({ minimum: 1, maximum: MAX_RESERVATION_HOURS, default: DEFAULT_RESERVATION_HOURS }),
    priorImplantationReason: Type.Optional(PriorImplantationReason),
  },
  { additionalProperties: false },
);
export type ReserveGraftRequestRequest = Static<typeof ReserveGraftRequestRequest>;

/** Body of `.../implant`: when and for whom the graft was implanted. */
/**
 * A code read from a graft's package: its Single European Code (with or without spaces, or as ISBT
 * 128 data structure 038), or its lot when it carries no SEC (`parseGraftCode`).
 */
export const ScannedGraftCode = Type.String({
  minLength: 1,
  maxLength: 100,
  description: "the graft's SEC, ISBT 128 `&,4` + SEC, or its lot when it has no SEC",
  examples: ['DE000123 2021264932585 E0042108 001 20260704'],
});

export const ImplantGraftRequestRequest = Type.Object(
  { date: IsoDate, patient_Code: Type.String({ pattern: PATIENT_CODE_PATTERN }), sec: ScannedGraftCode },
  { additionalProperties: false },
);
export type ImplantGraftRequestRequest = Static<typeof ImplantGraftRequestRequest>;

/** Body of `.../deliver`: the bank's day it sent the graft (today when left out), how, and under which reference. */
export const DeliverGraftRequestRequest = Type.Object(
  {
    date: Type.Optional(IsoDate),
    carrier: RequiredText(200, { description: 'who carries the package (courier, company)' }),
    reference: RequiredText(200, { description: "the shipment's reference (tracking or waybill number)" }),
    note: Type.Optional(Reason),
  },
  { additionalProperties: false },
);
export type DeliverGraftRequestRequest = Static<typeof DeliverGraftRequestRequest>;

/** Body of `.../receive`: the code on the delivered package. */
export const ReceiveGraftRequestRequest = Type.Object({ sec: ScannedGraftCode }, { additionalProperties: false });
export type ReceiveGraftRequestRequest = Static<typeof ReceiveGraftRequestRequest>;

/** Body of `.../return` (why the graft was not used) and optional body of `.../decline`. */
export const ReasonGraftRequestRequest = Type.Object({ reason: Reason }, { additionalProperties: false });
export type ReasonGraftRequestRequest = Static<typeof ReasonGraftRequestRequest>;
export const OptionalReasonRequest = Type.Object({ reason: Type.Optional(Reason) }, { additionalProperties: false });
export type OptionalReasonRequest = Static<typeof OptionalReasonRequest>;

/** One request as both sides read it. `actions` are the steps the reader may take now. */
export const GraftRequest = Type.Object({
  id: Id,
  lot: Lot,
  t_ProdName_2: Type.Integer({ description: "the graft's type number (1 to 8)" }),
  t_Dproximal: Nullable(Type.Number({ description: "the graft's proximal diameter in mm" })),
  t_Lmax: Nullable(Type.Number({ description: "the graft's longest usable length in mm" })),
  state: RequestStateSchema,
  deadline: Nullable(IsoDateTime, { description: 'end of the reservation while reserved' }),
  waitinglistid: Nullable(Id),
  patient_Code: Nullable(Type.String()),
  query_i_min: Nullable(IsoDate),
  query_i_max: Nullable(IsoDate),
  note: Nullable(Type.String()),
  reason: Nullable(Type.String({ description: 'why it was declined or returned' })),
  implantedOn: Nullable(IsoDate),
  assignedOn: Nullable(IsoDate, { description: "the graft's assignment date" }),
  deliveredOn: Nullable(IsoDate, { description: "the graft's delivery date; the implantation may not be earlier" }),
  receivedAt: Nullable(IsoDateTime, { description: "when the package's code was found to match at the clinic" }),
  deliveryCarrier: Nullable(Type.String({ description: 'who carried the delivered graft' })),
  deliveryReference: Nullable(Type.String({ description: "the delivery's shipment reference" })),
  deliveryNote: Nullable(Type.String({ description: "the bank's note on the delivery" })),
  implantedOutsideWindow: Type.Boolean({
    description: "the implantation date lies outside the entry's implant window",
  }),
  c_Name: Type.String(),
  physician_Name: Type.String(),
  e_Name: Type.String(),
  clinicTimeZone: Type.String({ description: "the clinic's IANA zone: its local day dates implantation" }),
  bankTimeZone: Type.String({ description: "the bank's IANA zone: its local day dates assignment and delivery" }),
  implantedTimeZone: Nullable(Type.String({ description: 'the zone implantedOn was judged in' })),
  assignedTimeZone: Nullable(Type.String({ description: 'the zone assignedOn was judged in' })),
  deliveredTimeZone: Nullable(Type.String({ description: 'the zone deliveredOn was judged in' })),
  leadTimeDays: Type.Integer({ minimum: 0 }),
  leadTimeWarning: Type.Boolean({ description: 'the implant window starts sooner than the bank can deliver' }),
  createdAt: IsoDateTime,
  updatedAt: IsoDateTime,
  actions: Type.Array(
    Type.Union([...PHYSICIAN_REQUEST_ACTIONS, ...BANK_REQUEST_ACTIONS].map((action) => Type.Literal(action))),
  ),
});
export type GraftRequest = Static<typeof GraftRequest>;

export const GraftRequestList = Type.Array(GraftRequest);

/** One ranked candidate for a free graft: a fitting waiting-list entry, a request, or both. */
export const RankedCandidate = Type.Object({
  requestId: Nullable(Id),
  waitinglistid: Nullable(Id),
  patient_Code: Nullable(Type.String()),
  c_Name: Type.String(),
  physician_Name: Type.String(),
  query_i_min: Nullable(IsoDate),
  query_i_max: Nullable(IsoDate),
  score: Type.Number(),
  urgency: Type.Number(),
  fit: Type.Number(),
  waiting: Type.Number(),
  request: Type.Number(),
  reason: Type.String(),
  leadTimeWarning: Type.Boolean(),
});
export type RankedCandidate = Static<typeof RankedCandidate>;

/** One graft of the bank's inbox: its requests and its ranked candidates. */
export const RequestInboxGraft = Type.Object({
  lot: Lot,
  t_ProdName_2: Type.Integer(),
  t_Dproximal: Nullable(Type.Number()),
  t_Lmax: Nullable(Type.Number()),
  expiry: Nullable(IsoDate),
  e_Name: Type.String(),
  leadTimeDays: Type.Integer({ minimum: 0 }),
  requests: GraftRequestList,
  candidates: Type.Array(RankedCandidate),
});
export type RequestInboxGraft = Static<typeof RequestInboxGraft>;
export const RequestInbox = Type.Array(RequestInboxGraft);
export type RequestInbox = Static<typeof RequestInbox>;

/** Body of `PATCH /admin/eutes/{id}/leadtime`. */
export const SetLeadTimeRequest = Type.Object(
  { days: Type.Integer({ minimum: 0, maximum: MAX_LEAD_TIME_DAYS }) },
  { additionalProperties: false },
);
export type SetLeadTimeRequest = Static<typeof SetLeadTimeRequest>;
