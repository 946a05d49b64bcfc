import { Type, type Static } from '@sinclair/typebox';
import { Email, Id, IsoDate, Lot, Nullable } from './common';
import { GraftTypeSchema, ListStatusSchema, StepStatusSchema } from './enums';
import { PATIENT_CODE_BOUNDS } from '../rules/patient-code';

/** One process step: its status and its date or reference (for `expiry`, the expiry date). */
export const ProcessStep = Type.Object({
  status: StepStatusSchema,
  outValue: Nullable(Type.String()),
});
export type ProcessStep = Static<typeof ProcessStep>;

/** A stored file of a lot, as listed on the graft, with its place among the document's versions. */
export const GraftFile = Type.Object({
  name: Type.String(),
  size: Type.Integer({ minimum: 0, description: 'bytes' }),
  contentType: Type.String(),
  version: Type.Integer({ minimum: 1, description: '1 for a first version; a superseding version counts on' }),
  current: Type.Boolean({ description: 'no newer version supersedes it' }),
  record: Type.Boolean({ description: 'a record: never deleted, only superseded (docs/api.md, "Files")' }),
  reason: Nullable(Type.String({ description: 'why this version superseded the one before' })),
  createdAt: Type.String({ format: 'date-time' }),
});
export type GraftFile = Static<typeof GraftFile>;

const Millimetres = Nullable(Type.Number({ minimum: 0, description: 'millimetres' }));
const Text = Nullable(Type.String());
const { initialLength, month, year } = PATIENT_CODE_BOUNDS;

/**
 * A graft with every field of spec §3. Fields the tissue bank may not have sent are nullable.
 * Only grafts in one of the three lists are ever sent, so `listStatus` is never null.
 */
export const Graft = Type.Object({
  e_Lot: Lot,
  x_Lot: Text,
  t_Lot: Text,
  t_ProdName_2: GraftTypeSchema,
  listStatus: ListStatusSchema,

  t_Dproximal: Millimetres,
  t_Ddistal: Millimetres,
  t_Lmin: Millimetres,
  t_Lmax: Millimetres,
  t_Lleft: Millimetres,
  t_Lright: Millimetres,
  t_Dleft: Millimetres,
  t_Dright: Millimetres,

  i_Min: Nullable(IsoDate),
  i_Max: Nullable(IsoDate),
  a_Implant_Plan: Text,

  d_Remarks_public: Text,
  x_Remarks_public: Text,

  patient_Initial: Nullable(Type.String({ minLength: initialLength, maxLength: initialLength })),
  patient_Month: Nullable(Type.Integer({ minimum: month.min, maximum: month.max })),
  patient_Year: Nullable(Type.Integer({ minimum: year.min, maximum: year.max })),

  physician_Name: Text,
  physician_EMail: Nullable(Email),
  physician_Phone: Text,

  processedUntil: Nullable(IsoDate),
  a_Allo_Note: Text,
  a_DeliverNote: Text,
  x_SEC: Nullable(Type.String({ description: 'Single European Code of the tissue' })),

  stlFiles: Type.Array(GraftFile),
  fotoFiles: Type.Array(GraftFile),
  releaseStatementFiles: Type.Array(GraftFile),
  allocationNotificationFiles: Type.Array(GraftFile),
  deliveryNoteFiles: Type.Array(GraftFile),
  dicomFiles: Type.Array(GraftFile),
  traceabilityReportFiles: Type.Array(GraftFile),
  vigilanceReportFiles: Type.Array(GraftFile),

  decellularization: ProcessStep,
  release: ProcessStep,
  assignment: ProcessStep,
  delivery: ProcessStep,
  implantation: ProcessStep,
  expiry: ProcessStep,
  traceabilityReport: ProcessStep,

  e_Name: Nullable(Type.String({ description: 'tissue bank name' })),
  e_Eute: Id,
  e_EMail: Nullable(Email),
  a_Requestor: Text,
  c_Name: Nullable(Type.String({ description: 'name of the clinic the graft is assigned to' })),
});
export type Graft = Static<typeof Graft>;

export const GraftList = Type.Array(Graft);
export type GraftList = Static<typeof GraftList>;
