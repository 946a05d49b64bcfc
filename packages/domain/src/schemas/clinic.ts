import { Type, type Static } from '@sinclair/typebox';
import { Id, RequiredText } from './common';
import { UserSummary } from './user';
import { TimeZone } from './time-zone';

/** A clinic. `clinicDetail` comes with `GET /admin/clinics/{id}` only, not with the list. */
export const Clinic = Type.Object({
  id: Id,
  c_Name: Type.String(),
  active: Type.Boolean(),
  timeZone: TimeZone,
  clinicDetail: Type.Optional(Type.Object({ users: Type.Array(UserSummary) })),
});
export type Clinic = Static<typeof Clinic>;

/**
 * Body of `POST /admin/clinics/add`. Members are assigned on the user; new clinics start active, in
 * `Europe/Berlin` unless a zone is given.
 */
export const AddClinicRequest = Type.Object(
  { c_Name: RequiredText(), timeZone: Type.Optional(TimeZone) },
  { additionalProperties: false },
);
export type AddClinicRequest = Static<typeof AddClinicRequest>;

/** Body of `PATCH /admin/clinics/{id}`. */
export const PatchClinicRequest = Type.Partial(AddClinicRequest);
export type PatchClinicRequest = Static<typeof PatchClinicRequest>;
