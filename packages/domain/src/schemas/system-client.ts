import { Type, type Static } from '@sinclair/typebox';
import { Id, IsoDateTime, Nullable, RequiredText } from './common';
import { SsoOrganisationParams, SsoOrganisationType } from './sso';

// A hospital's or a tissue bank's own system reading FHIR without a person (SMART Backend Services,
// docs/fhir.md "System clients"): an admin registers it for one organisation with its public keys
// and the scopes it may be granted; it then signs its own token requests.

/** How many keys an inline key set may hold, and how many scope texts a client may be registered with. */
export const SYSTEM_CLIENT_KEYS_MAX = 10;
export const SYSTEM_CLIENT_SCOPES_MAX = 20;

/**
 * A public key as a JSON Web Key, its members as RFC 7517 and 7518 name them; a private member
 * (`d`, …) is refused by the server. Without `properties`, so that the server's validator, which
 * strips every member a schema does not name, keeps them all.
 */
const PublicJwk = Type.Unsafe<{ kty: string; kid?: string; [member: string]: unknown }>({
  type: 'object',
  required: ['kty'],
  maxProperties: 30,
  description: 'a JSON Web Key (RFC 7517)',
});
/** A JSON Web Key Set, as in RFC 7517. */
export const JsonWebKeySet = Type.Object(
  { keys: Type.Array(PublicJwk, { minItems: 1, maxItems: SYSTEM_CLIENT_KEYS_MAX }) },
  { additionalProperties: false },
);
export type JsonWebKeySet = Static<typeof JsonWebKeySet>;

/** A registered system client as admins see it (`GET /admin/system-clients/{type}/{id}`). */
export const SystemClient = Type.Object({
  /** The `client_id`: the `iss` and `sub` of the client's signed assertions. */
  id: Id,
  name: Type.String(),
  organisationType: SsoOrganisationType,
  organisationId: Id,
  /** Where the client publishes its public keys; null when they were given inline. */
  jwksUrl: Nullable(Type.String()),
  /** The `kid`s of the inline key set (keys without one shown as their type); empty for a URL. */
  keyIds: Type.Array(Type.String()),
  scopes: Type.Array(Type.String()),
  createdAt: IsoDateTime,
  lastUsedAt: Nullable(IsoDateTime),
  revokedAt: Nullable(IsoDateTime),
});
export type SystemClient = Static<typeof SystemClient>;

/** Body of `POST /admin/system-clients/{type}/{id}`: the keys by URL or inline, one of the two. */
export const SystemClientInput = Type.Object(
  {
    name: RequiredText(100, { description: 'what the system is, e.g. the hospital information system' }),
    jwksUrl: Type.Optional(
      Type.String({ pattern: '^https?://[^\\s]+$', maxLength: 2000, description: 'https, or http to 127.0.0.1' }),
    ),
    jwks: Type.Optional(JsonWebKeySet),
    scopes: Type.Array(Type.String({ maxLength: 100 }), { minItems: 1, maxItems: SYSTEM_CLIENT_SCOPES_MAX }),
  },
  { additionalProperties: false },
);
export type SystemClientInput = Static<typeof SystemClientInput>;

/** Path params of `/admin/system-clients/{type}/{id}/{clientId}/revoke`. */
export const SystemClientParams = Type.Composite([SsoOrganisationParams, Type.Object({ clientId: Id })]);
export type SystemClientParams = Static<typeof SystemClientParams>;

/** The token endpoint's answer (RFC 6749 §5.1; SMART Backend Services). */
export const SystemAccessToken = Type.Object({
  access_token: Type.String(),
  token_type: Type.Literal('bearer'),
  expires_in: Type.Integer(),
  scope: Type.String(),
});
export type SystemAccessToken = Static<typeof SystemAccessToken>;
