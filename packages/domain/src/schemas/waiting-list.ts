import { Type, type Static } from '@sinclair/typebox';
import { GraftType } from '../constants/graft-types';
import { DEFAULT_WAITING_LIST_QUERY_TYPE } from '../constants/search-bounds';
import { Email, Id, IsoDate, IsoDateTime, Nullable, RequiredText, ShortText } from './common';
import { sizeCriteriaFields } from './graft-search';
import { PATIENT_CODE_PATTERN, PATIENT_CODE_PLACEHOLDER } from '../rules/patient-code';
import { ENTRY_ATTENTION } from '../rules/dashboard';
import { PriorImplantationReason } from './graft-request';
import { PageQuery } from './paging';

// The request and the answer spell fields differently on purpose (docs/decisions.md §4): a client written
// for the spec sends `query_type`/`query_i_Max` and reads `query_Type`/`query_i_max`.

const PatientCode = Type.String({
  pattern: PATIENT_CODE_PATTERN,
  description: `initial-MM-YYYY; placeholders NN, 00, 0000 mark unknown parts`,
  examples: ['A-03-2021', PATIENT_CODE_PLACEHOLDER],
});

const entryRequestFields = {
  query_type: Type.Enum(GraftType),
  ...sizeCriteriaFields(),
  physician_Name: Type.Optional(RequiredText()),
  physician_Email: Type.Optional(Email),
  physician_Phone: Type.Optional(ShortText(50)),
  patient_Code: PatientCode,
  query_i_min: IsoDate,
  query_i_Max: IsoDate,
  query_timestamp: Type.Optional(IsoDateTime),
};

/**
 * Body of `POST /physician/waitinglist`: a standing search plus patient and implant window.
 * `validateWaitingListRequest` adds the cross-field rules.
 */
export const AddWaitingListRequest = Type.Object(
  { ...entryRequestFields, priorImplantationReason: Type.Optional(PriorImplantationReason) },
  { additionalProperties: false },
);
export type AddWaitingListRequest = Static<typeof AddWaitingListRequest>;

/** Body of `PATCH /physician/waitinglist/{id}`: any subset of the add parameters. */
export const PatchWaitingListRequest = Type.Partial(AddWaitingListRequest);
export type PatchWaitingListRequest = Static<typeof PatchWaitingListRequest>;

/** One entry of a waiting list, as both physicians and tissue-bank employees read it. */
export const WaitingListEntry = Type.Object({
  waitinglistid: Id,
  query_Type: Type.Enum(GraftType, { default: DEFAULT_WAITING_LIST_QUERY_TYPE }),
  ...sizeCriteriaFields(),
  physician_Name: Nullable(Type.String()),
  physician_Email: Nullable(Email),
  physician_Phone: Nullable(Type.String()),
  patient_Code: Type.String({ default: PATIENT_CODE_PLACEHOLDER }),
  query_i_min: IsoDate,
  query_i_max: IsoDate,
  query_timestamp: IsoDateTime,
  matchingGrafts: Type.Integer({ minimum: 0, description: 'free grafts that fit this entry now' }),
  c_Name: Type.String({ description: "name of the requesting physician's clinic" }),
});
export type WaitingListEntry = Static<typeof WaitingListEntry>;

export const WaitingList = Type.Array(WaitingListEntry);
export type WaitingList = Static<typeof WaitingList>;

/** `?limit&offset` of the physician's waiting list, and optionally only the entries needing one attention. */
export const WaitingListQuery = Type.Object(
  {
    ...PageQuery.properties,
    show: Type.Optional(
      Type.Union(
        ENTRY_ATTENTION.map((attention) => Type.Literal(attention)),
        {
          description:
            'matches: Free grafts fit; atRisk: nothing fits and the window opens soon; passed: the window has passed',
        },
      ),
    ),
  },
  { additionalProperties: false },
);
export type WaitingListQuery = Static<typeof WaitingListQuery>;
