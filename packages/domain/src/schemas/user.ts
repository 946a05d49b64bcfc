import { Type, type Static } from '@sinclair/typebox';
import { Email, Id, Nullable, RequiredText, ShortText } from './common';
import { Language } from './enums';
import { ActiveListQuery } from './paging';

/** A clinic as listed on a user. */
export const ClinicRef = Type.Object({ id: Id, c_Name: Type.String() });
export type ClinicRef = Static<typeof ClinicRef>;

/** A tissue bank as listed on a user. */
export const EuteRef = Type.Object({ id: Id, name: Type.String() });
export type EuteRef = Static<typeof EuteRef>;

/** A user as the admin area and `GET /users/getmyuser` show them. */
export const User = Type.Object({
  id: Id,
  title: Nullable(Type.String()),
  firstName: Type.String(),
  lastName: Type.String(),
  active: Type.Boolean(),
  email: Email,
  phone: Nullable(Type.String()),
  audit: Type.Boolean(),
  admin: Type.Boolean(),
  clinics: Type.Array(ClinicRef),
  eutes: Type.Array(EuteRef),
  twoFactorTarget: Email,
  language: Language,
  /**
   * Whether the user has registered at least one passkey; always sent by this server, optional for
   * clients written for the spec (not in the spec: docs/api.md "Passkeys").
   */
  hasPasskey: Type.Optional(Type.Boolean()),
});
export type User = Static<typeof User>;

/** A member as listed in a clinic's or eute's detail. */
export const UserSummary = Type.Pick(User, ['id', 'title', 'firstName', 'lastName', 'email', 'active']);
export type UserSummary = Static<typeof UserSummary>;

/**
 * A membership chosen in a form. Only `id` counts; a client may send the whole
 * `{ id, c_Name }` it read, and the rest is ignored.
 */
const MembershipRef = Type.Object({ id: Id });

const userFormFields = {
  title: Type.Optional(ShortText(50)),
  firstName: RequiredText(100),
  lastName: RequiredText(100),
  email: Email,
  phone: Type.Optional(ShortText(50)),
  audit: Type.Optional(Type.Boolean()),
  admin: Type.Optional(Type.Boolean()),
  clinics: Type.Optional(Type.Array(MembershipRef)),
  eutes: Type.Optional(Type.Array(MembershipRef)),
  /** Where the login PIN goes; the email when left out. */
  twoFactorTarget: Type.Optional(Email),
  language: Type.Optional(Language),
};

/**
 * Body of `POST /admin/users/add`. There is no password: the new user sets one through a
 * recovery link, so no admin ever knows it. New users start active.
 */
export const AddUserRequest = Type.Object(userFormFields, { additionalProperties: false });
export type AddUserRequest = Static<typeof AddUserRequest>;

/** Body of `PATCH /admin/user`: the id plus any subset of the add fields. Activation has its own routes. */
export const PatchUserRequest = Type.Composite([Type.Object({ id: Id }), Type.Partial(AddUserRequest)], {
  additionalProperties: false,
});
export type PatchUserRequest = Static<typeof PatchUserRequest>;

/** Accounts the admin's home counts: locked out now, or never signed in (both active ones only). */
export const USER_ATTENTION = ['locked', 'never'] as const;
export type UserAttention = (typeof USER_ATTENTION)[number];

/** A page of the user list, optionally only active or inactive ones, and only those needing one attention. */
export const UserListQuery = Type.Object(
  {
    ...ActiveListQuery.properties,
    show: Type.Optional(
      Type.Union(
        USER_ATTENTION.map((attention) => Type.Literal(attention)),
        { description: 'locked: locked out now; never: never signed in' },
      ),
    ),
  },
  { additionalProperties: false },
);
export type UserListQuery = Static<typeof UserListQuery>;
