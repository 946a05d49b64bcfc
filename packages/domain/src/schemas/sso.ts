import { Type, type Static } from '@sinclair/typebox';
import { Email, Id, IsoDateTime, Nullable, RequiredText } from './common';

// Single sign-on per organisation with OpenID Connect (docs/api.md "Single sign-on"): an admin
// configures a clinic's or a tissue bank's identity provider; the login screen offers it for the
// e-mail domains it covers.

/** How many e-mail domains one organisation's sign-on may cover. */
export const SSO_DOMAINS_MAX = 20;
/** A lower-case DNS name such as `klinik.example`: at least two labels, no scheme, no `@`. */
export const SSO_DOMAIN_PATTERN = '^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\\.)+[a-z]{2,63}$';

export const SsoOrganisationType = Type.Union([Type.Literal('clinic'), Type.Literal('eute')]);
export type SsoOrganisationType = Static<typeof SsoOrganisationType>;

/**
 * Whom a first sign-in of an unknown address creates: nobody (accounts are made by admins), a
 * member of the organisation, or a member with the audit flag (read-only oversight).
 */
export const SsoProvisioning = Type.Union([Type.Literal('off'), Type.Literal('member'), Type.Literal('auditor')]);
export type SsoProvisioning = Static<typeof SsoProvisioning>;

/** Path params of `/admin/sso/{organisationType}/{organisationId}`. */
export const SsoOrganisationParams = Type.Object({ organisationType: SsoOrganisationType, organisationId: Id });
export type SsoOrganisationParams = Static<typeof SsoOrganisationParams>;

/** An organisation's sign-on as admins see it (`GET /admin/sso/{type}/{id}`); the secret never leaves the server. */
export const SsoConfig = Type.Object({
  organisationType: SsoOrganisationType,
  organisationId: Id,
  /** The provider's issuer identifier, as its discovery document names it. */
  issuer: Type.String(),
  clientId: Type.String(),
  /** Whether a client secret is stored (encrypted); its value is never sent. */
  hasClientSecret: Type.Boolean(),
  emailDomains: Type.Array(Type.String()),
  provisioning: SsoProvisioning,
  /** The address the provider must send people back to: register it there. */
  redirectUri: Type.String(),
  updatedAt: IsoDateTime,
});
export type SsoConfig = Static<typeof SsoConfig>;

/** Body of `PUT /admin/sso/{type}/{id}`: sets up or changes the sign-on (the issuer is checked by its discovery document). */
export const SsoConfigInput = Type.Object(
  {
    issuer: Type.String({ pattern: '^https?://[^\\s]+$', maxLength: 500 }),
    clientId: RequiredText(255),
    /** Left out on a change: the stored secret stays. Required when none is stored. */
    clientSecret: Type.Optional(RequiredText(500)),
    emailDomains: Type.Array(Type.String({ pattern: SSO_DOMAIN_PATTERN, maxLength: 253 }), {
      minItems: 1,
      maxItems: SSO_DOMAINS_MAX,
    }),
    provisioning: SsoProvisioning,
  },
  { additionalProperties: false },
);
export type SsoConfigInput = Static<typeof SsoConfigInput>;

/** Body of `POST /auth/sso/discover`: the address typed on the login screen. */
export const SsoDiscoverRequest = Type.Object({ email: Email }, { additionalProperties: false });
export type SsoDiscoverRequest = Static<typeof SsoDiscoverRequest>;

/**
 * Answer of `POST /auth/sso/discover`: the organisation whose provider covers the address's domain,
 * and where the browser goes to sign in there; null when the address signs in with a password.
 */
export const SsoDiscovery = Type.Object({
  sso: Nullable(Type.Object({ organisationName: Type.String(), startUrl: Type.String() })),
});
export type SsoDiscovery = Static<typeof SsoDiscovery>;

/** Body of `POST /auth/sso/complete`: the one-time hand-over the callback put in `/login/sso?handover=…`. */
export const SsoCompleteRequest = Type.Object(
  { handover: Type.String({ pattern: '^[A-Za-z0-9_-]{20,100}$' }) },
  { additionalProperties: false },
);
export type SsoCompleteRequest = Static<typeof SsoCompleteRequest>;

/**
 * Why a sign-on came back refused, as `/login?sso_error=…` names it for the login screen's message:
 * `state` (unknown, used or expired), `provider` (the provider answered an error or the code was
 * refused, a replayed code too), `token` (the ID token failed a check: signature, issuer, audience,
 * nonce, expiry), `email-unverified`, `no-account`, `deactivated`, `not-member` (the account is not of
 * the organisation whose provider answered), `other-account` (the provider answered for another
 * address than the one typed: someone else is still signed in there on this device).
 */
export const SSO_ERRORS = [
  'state',
  'provider',
  'token',
  'email-unverified',
  'no-account',
  'deactivated',
  'not-member',
  'other-account',
] as const;
export type SsoError = (typeof SSO_ERRORS)[number];

/** The logout answer's extra for a session begun by single sign-on: the provider's end-session address. */
export const SsoLogout = Type.Object({ endSessionUrl: Nullable(Type.String()) });
export type SsoLogout = Static<typeof SsoLogout>;
