import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';

// A software authenticator for the integration tests: what a phone's or laptop's platform
// authenticator does, in the bytes WebAuthn Level 3 defines (§6.1 authenticator data, §6.5
// attestation objects with format "none", §8.7 signatures), on a P-256 key of node:crypto. The
// tests hand its answers to the real server, which checks them with SimpleWebAuthn.

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_BE = 0x08;
const FLAG_BS = 0x10;
const FLAG_AT = 0x40;

const sha256 = (bytes: Uint8Array | string) => new Uint8Array(createHash('sha256').update(bytes).digest());
const concat = (...parts: Uint8Array[]) => new Uint8Array(Buffer.concat(parts)) as Uint8Array<ArrayBuffer>;
const uint32 = (value: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value);
  return new Uint8Array(bytes);
};

/** What one ceremony says about where it runs and what the person did; wrong values make refusals. */
export interface Ceremony {
  /** The page's origin, as the browser writes it into clientDataJSON. */
  origin: string;
  /** The relying party whose hash leads the authenticator data; the options' one unless given. */
  rpId?: string;
  /** Whether the person was verified (PIN, fingerprint); true unless given. */
  userVerified?: boolean;
  /** The challenge answered; the options' one unless given. */
  challenge?: string;
}

export class SoftAuthenticator {
  readonly credentialId = new Uint8Array(randomBytes(32));
  private readonly privateKey: KeyObject;
  private readonly publicJwk: { x: string; y: string };
  private userHandle: string | undefined;
  /** The signature counter; each assertion adds one unless `counter` is set to what a test wants. */
  counter: number;

  constructor(options: { counter?: number; backupEligible?: boolean; backedUp?: boolean } = {}) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = privateKey;
    const jwk = publicKey.export({ format: 'jwk' });
    this.publicJwk = { x: jwk.x ?? '', y: jwk.y ?? '' };
    this.counter = options.counter ?? 0;
    this.backupEligible = options.backupEligible ?? false;
    this.backedUp = options.backedUp ?? false;
  }

  backupEligible: boolean;
  backedUp: boolean;

  get id(): string {
    return isoBase64URL.fromBuffer(this.credentialId);
  }

  private flags(userVerified: boolean, extra = 0) {
    return (
      FLAG_UP |
      (userVerified ? FLAG_UV : 0) |
      (this.backupEligible ? FLAG_BE : 0) |
      (this.backedUp ? FLAG_BS : 0) |
      extra
    );
  }

  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string) {
    return new TextEncoder().encode(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** `navigator.credentials.create` answered: a new discoverable credential, attestation "none". */
  register(options: PublicKeyCredentialCreationOptionsJSON, ceremony: Ceremony): RegistrationResponseJSON {
    this.userHandle = options.user.id;
    const rpId = ceremony.rpId ?? options.rp.id ?? '';
    const coseKey = new Map<number, number | Uint8Array>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, isoBase64URL.toBuffer(this.publicJwk.x)],
      [-3, isoBase64URL.toBuffer(this.publicJwk.y)],
    ]);
    const idLength = new Uint8Array([this.credentialId.length >> 8, this.credentialId.length & 0xff]);
    const authData = concat(
      sha256(rpId),
      new Uint8Array([this.flags(ceremony.userVerified ?? true, FLAG_AT)]),
      uint32(this.counter),
      new Uint8Array(16), // AAGUID: none
      idLength,
      this.credentialId,
      isoCBOR.encode(coseKey),
    );
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Uint8Array | Map<string, string>>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, string>()],
        ['authData', authData],
      ]),
    );
    const clientDataJSON = this.clientData('webauthn.create', ceremony.challenge ?? options.challenge, ceremony.origin);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: {
        clientDataJSON: isoBase64URL.fromBuffer(clientDataJSON),
        attestationObject: isoBase64URL.fromBuffer(attestationObject),
        transports: ['internal', 'hybrid'],
      },
      authenticatorAttachment: 'platform',
      clientExtensionResults: { credProps: { rk: true } },
    };
  }

  /** `navigator.credentials.get` answered with this credential, its counter one higher. */
  authenticate(options: PublicKeyCredentialRequestOptionsJSON, ceremony: Ceremony): AuthenticationResponseJSON {
    this.counter += 1;
    const rpId = ceremony.rpId ?? options.rpId ?? '';
    const authData = concat(
      sha256(rpId),
      new Uint8Array([this.flags(ceremony.userVerified ?? true)]),
      uint32(this.counter),
    );
    const clientDataJSON = this.clientData('webauthn.get', ceremony.challenge ?? options.challenge, ceremony.origin);
    const signature = sign('sha256', concat(authData, sha256(clientDataJSON)), this.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: {
        clientDataJSON: isoBase64URL.fromBuffer(clientDataJSON),
        authenticatorData: isoBase64URL.fromBuffer(authData),
        signature: isoBase64URL.fromBuffer(new Uint8Array(signature)),
        ...(this.userHandle ? { userHandle: this.userHandle } : {}),
      },
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
    };
  }
}
