import { Type, type Static } from '@sinclair/typebox';
import { Email, Id, Nullable, RequiredText, ShortText } from './common';
import { UserSummary } from './user';

const Text = Nullable(Type.String());

/** A tissue bank ("eute"). `euteDetail` comes with `GET /admin/eutes/{id}` only. */
export const Eute = Type.Object({
  id: Id,
  name: Type.String(),
  euteNumber: Text,
  active: Type.Boolean(),
  address: Text,
  housenumber: Text,
  zipcode: Text,
  city: Text,
  country: Text,
  email: Text,
  phone: Text,
  euteDetail: Type.Optional(Type.Object({ users: Type.Array(UserSummary) })),
});
export type Eute = Static<typeof Eute>;

/** Body of `PATCH /admin/eutes/{id}`: any subset. Eutes are not added through the API (spec §7). */
export const PatchEuteRequest = Type.Partial(
  Type.Object(
    {
      name: RequiredText(),
      euteNumber: ShortText(50),
      address: ShortText(),
      housenumber: ShortText(20),
      zipcode: ShortText(20),
      city: ShortText(),
      country: ShortText(),
      email: Email,
      phone: ShortText(50),
    },
    { additionalProperties: false },
  ),
);
export type PatchEuteRequest = Static<typeof PatchEuteRequest>;
