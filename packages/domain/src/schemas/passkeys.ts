import { Type, type Static } from '@sinclair/typebox';
import { Id, IsoDateTime, Nullable, RequiredText } from './common';

// Passkeys (WebAuthn) on the wire (docs/api.md "Passkeys"). Options and responses are the JSON forms
// of WebAuthn Level 3 (`PublicKeyCredentialCreationOptionsJSON`, `RegistrationResponseJSON`, …) as
// SimpleWebAuthn writes and reads them, each field listed, since unknown fields are stripped.

/** How long a passkey's name may be. */
export const PASSKEY_NAME_MAX = 60;
/** How many passkeys one account may hold. */
export const PASSKEYS_PER_ACCOUNT = 20;

/** base64url without padding, as WebAuthn's JSON forms carry bytes. */
const Base64Url = (maxLength: number) => Type.String({ pattern: '^[A-Za-z0-9_-]*$', maxLength });
const Transports = Type.Array(Type.String({ maxLength: 20 }), { maxItems: 10 });
const Descriptor = Type.Object({
  id: Base64Url(1400),
  type: Type.Literal('public-key'),
  transports: Type.Optional(Transports),
});
const Hints = Type.Optional(Type.Array(Type.String({ maxLength: 30 }), { maxItems: 5 }));

/** One of the caller's passkeys (`GET /users/passkeys`). */
export const Passkey = Type.Object({
  id: Id,
  name: Type.String(),
  createdAt: IsoDateTime,
  /** Null until first used to sign in. */
  lastUsedAt: Nullable(IsoDateTime),
  /** Synced to other devices by its provider (a multi-device credential that is backed up). */
  backedUp: Type.Boolean(),
});
export type Passkey = Static<typeof Passkey>;

/** Body of `PATCH /users/passkeys/{id}`. */
export const RenamePasskeyRequest = Type.Object(
  { name: RequiredText(PASSKEY_NAME_MAX) },
  { additionalProperties: false },
);
export type RenamePasskeyRequest = Static<typeof RenamePasskeyRequest>;

/** `PublicKeyCredentialCreationOptionsJSON`: what the browser's `navigator.credentials.create` is given. */
export const PasskeyCreationOptions = Type.Object({
  challenge: Type.String(),
  rp: Type.Object({ name: Type.String(), id: Type.Optional(Type.String()) }),
  user: Type.Object({ id: Type.String(), name: Type.String(), displayName: Type.String() }),
  pubKeyCredParams: Type.Array(Type.Object({ alg: Type.Number(), type: Type.Literal('public-key') })),
  timeout: Type.Optional(Type.Number()),
  excludeCredentials: Type.Optional(Type.Array(Descriptor)),
  authenticatorSelection: Type.Optional(
    Type.Object({
      authenticatorAttachment: Type.Optional(Type.String()),
      requireResidentKey: Type.Optional(Type.Boolean()),
      residentKey: Type.Optional(Type.String()),
      userVerification: Type.Optional(Type.String()),
    }),
  ),
  hints: Hints,
  attestation: Type.Optional(Type.String()),
  extensions: Type.Optional(Type.Object({ credProps: Type.Optional(Type.Boolean()) })),
});
export type PasskeyCreationOptions = Static<typeof PasskeyCreationOptions>;

/** `PublicKeyCredentialRequestOptionsJSON`: what `navigator.credentials.get` is given. */
export const PasskeyRequestOptions = Type.Object({
  challenge: Type.String(),
  timeout: Type.Optional(Type.Number()),
  rpId: Type.Optional(Type.String()),
  allowCredentials: Type.Optional(Type.Array(Descriptor)),
  userVerification: Type.Optional(Type.String()),
  hints: Hints,
});
export type PasskeyRequestOptions = Static<typeof PasskeyRequestOptions>;

/** Answer of `POST /users/passkeys/options`: the options and the id to send back with the result. */
export const PasskeyCreationStart = Type.Object({ challengeId: Id, options: PasskeyCreationOptions });
export type PasskeyCreationStart = Static<typeof PasskeyCreationStart>;

/** Answer of `POST /auth/passkey/options`. */
export const PasskeyLoginStart = Type.Object({ challengeId: Id, options: PasskeyRequestOptions });
export type PasskeyLoginStart = Static<typeof PasskeyLoginStart>;

const ClientExtensionResults = Type.Object({
  credProps: Type.Optional(Type.Object({ rk: Type.Optional(Type.Boolean()) })),
});
const Attachment = Type.Optional(Type.Union([Type.Literal('platform'), Type.Literal('cross-platform')]));

/** `RegistrationResponseJSON`: what `navigator.credentials.create` gave, as JSON. */
export const PasskeyRegistrationResponse = Type.Object({
  id: Base64Url(1400),
  rawId: Base64Url(1400),
  type: Type.Literal('public-key'),
  response: Type.Object({
    clientDataJSON: Base64Url(4000),
    attestationObject: Base64Url(30000),
    authenticatorData: Type.Optional(Base64Url(30000)),
    transports: Type.Optional(Transports),
    publicKeyAlgorithm: Type.Optional(Type.Number()),
    publicKey: Type.Optional(Base64Url(4000)),
  }),
  authenticatorAttachment: Attachment,
  clientExtensionResults: ClientExtensionResults,
});

/** Body of `POST /users/passkeys`: the challenge's id, a name, and the browser's answer. */
export const AddPasskeyRequest = Type.Object(
  { challengeId: Id, name: RequiredText(PASSKEY_NAME_MAX), response: PasskeyRegistrationResponse },
  { additionalProperties: false },
);
export type AddPasskeyRequest = Static<typeof AddPasskeyRequest>;

/** `AuthenticationResponseJSON`: what `navigator.credentials.get` gave, as JSON. */
export const PasskeyAuthenticationResponse = Type.Object({
  id: Base64Url(1400),
  rawId: Base64Url(1400),
  type: Type.Literal('public-key'),
  response: Type.Object({
    clientDataJSON: Base64Url(4000),
    authenticatorData: Base64Url(30000),
    signature: Base64Url(2000),
    userHandle: Type.Optional(Base64Url(200)),
  }),
  authenticatorAttachment: Attachment,
  clientExtensionResults: ClientExtensionResults,
});

/** Body of `POST /auth/passkey/login`. */
export const PasskeyLoginRequest = Type.Object(
  { challengeId: Id, response: PasskeyAuthenticationResponse },
  { additionalProperties: false },
);
export type PasskeyLoginRequest = Static<typeof PasskeyLoginRequest>;

/** App-wide sign-in rules (`GET`/`PUT /admin/signin-settings`). */
export const SignInSettings = Type.Object(
  {
    adminsNeedPasskey: Type.Boolean({
      description: 'administrators sign in with a passkey only; password and PIN only within an hour of a mailed link',
    }),
  },
  { additionalProperties: false },
);
export type SignInSettings = Static<typeof SignInSettings>;
