import { createHash, createPrivateKey, createPublicKey, sign, verify, type KeyObject } from 'node:crypto';

// Checkpoints are C2SP tlog-checkpoint notes (https://c2sp.org/tlog-checkpoint), signed as C2SP
// signed notes with Ed25519 (https://c2sp.org/signed-note):
//
//   <origin>\n<size>\n<base64 root hash>\n\n— <key name> <base64(key id ‖ signature)>\n
//
// The signature covers the body (the first three lines with their newlines); the key id is the
// first 4 bytes of SHA-256(key name ‖ "\n" ‖ 0x01 ‖ public key). Our "root hash" is the hash of
// the chain's row at seq = size: a hash chain, not a Merkle tree (docs/security.md).

const ED25519 = 0x01;
const PKCS8_ED25519_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

export interface SigningKey {
  name: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
}

export interface Checkpoint {
  origin: string;
  size: number;
  /** hex, like the chain's hashes */
  rootHash: string;
}

/** The Ed25519 key of a 32-byte seed. */
export function signingKeyFromSeed(name: string, seed: Buffer): SigningKey {
  if (seed.length !== 32) {
    throw new Error('an Ed25519 signing key is 32 bytes (base64: 44 characters)');
  }
  const privateKey = createPrivateKey({
    key: Buffer.concat([PKCS8_ED25519_PREFIX, seed]),
    format: 'der',
    type: 'pkcs8',
  });
  return { name, privateKey, publicKey: createPublicKey(privateKey) };
}

function rawPublicKey(publicKey: KeyObject): Buffer {
  return Buffer.from(publicKey.export({ format: 'jwk' }).x ?? '', 'base64url');
}

function keyId(name: string, publicKey: KeyObject): Buffer {
  return createHash('sha256')
    .update(`${name}\n`)
    .update(Buffer.from([ED25519]))
    .update(rawPublicKey(publicKey))
    .digest()
    .subarray(0, 4);
}

/** The verifier key as signed-note tools write it: `<name>+<hex key id>+<base64(0x01 ‖ key)>`. */
export function verifierKey(name: string, publicKey: KeyObject): string {
  const key = Buffer.concat([Buffer.from([ED25519]), rawPublicKey(publicKey)]);
  return `${name}+${keyId(name, publicKey).toString('hex')}+${key.toString('base64')}`;
}

/** The public key of a verifier key line or of a PEM public key. */
export function parsePublicKey(text: string): KeyObject {
  const trimmed = text.trim();
  if (trimmed.startsWith('-----BEGIN PUBLIC KEY-----')) {
    return createPublicKey(trimmed);
  }
  // name+keyid+key: the key's base64 may itself hold '+', so only the first two separate.
  const match = /^[^+\s]+\+[0-9a-f]{8}\+([A-Za-z0-9+/=]+)$/.exec(trimmed);
  const key = Buffer.from(match?.[1] ?? '', 'base64');
  if (key.length !== 33 || key[0] !== ED25519) {
    throw new Error('the public key is neither a verifier key (name+keyid+base64) nor a PEM public key');
  }
  return createPublicKey({
    key: { kty: 'OKP', crv: 'Ed25519', x: key.subarray(1).toString('base64url') },
    format: 'jwk',
  });
}

/** A signed checkpoint note of the chain at `size` whose last row has hash `rootHash`. */
export function signCheckpoint(key: SigningKey, checkpoint: Checkpoint): string {
  const body = `${checkpoint.origin}\n${checkpoint.size}\n${Buffer.from(checkpoint.rootHash, 'hex').toString('base64')}\n`;
  const signature = sign(null, Buffer.from(body, 'utf8'), key.privateKey);
  return `${body}\n— ${key.name} ${Buffer.concat([keyId(key.name, key.publicKey), signature]).toString('base64')}\n`;
}

/**
 * The checkpoint a note states, when one of its signature lines verifies with `publicKey`; else
 * an Error saying why. Lines of other keys are ignored, as the signed-note format asks.
 */
export function openCheckpoint(note: string, publicKey: KeyObject): Checkpoint | Error {
  const split = note.lastIndexOf('\n\n');
  if (split < 0 || !note.endsWith('\n')) {
    return new Error('not a signed note (no blank line before the signatures)');
  }
  const body = note.slice(0, split + 1);
  const lines = body.slice(0, -1).split('\n');
  const [origin, sizeText, rootText] = lines;
  const root = Buffer.from(rootText ?? '', 'base64');
  if (lines.length < 3 || !origin || !/^[1-9]\d*$/.test(sizeText ?? '') || root.length !== 32) {
    return new Error('not a checkpoint (origin, size and a base64 SHA-256 hash on its first three lines)');
  }
  for (const line of note.slice(split + 2, -1).split('\n')) {
    const match = /^— (\S+) (\S+)$/.exec(line);
    const signed = Buffer.from(match?.[2] ?? '', 'base64');
    if (!match?.[1] || signed.length !== 68 || !signed.subarray(0, 4).equals(keyId(match[1], publicKey))) {
      continue;
    }
    if (verify(null, Buffer.from(body, 'utf8'), publicKey, signed.subarray(4))) {
      return { origin, size: Number(sizeText), rootHash: root.toString('hex') };
    }
    return new Error('its signature does not verify with the public key');
  }
  return new Error('it carries no signature of this public key');
}
