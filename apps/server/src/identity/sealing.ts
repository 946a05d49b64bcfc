import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

// Secrets kept at rest only sealed (docs/security.md): AES-256-GCM under a key that lives outside
// the database, with the place the value is kept (its row and column) bound in as associated data,
// so a sealed value copied to another row does not open there.

const IV_BYTES = 12;
const TAG_BYTES = 16;

export interface Sealer {
  /** `prefix` + base64url(iv | tag | ciphertext) of `value`, for `place`. */
  seal(place: string, value: string): string;
  /** Whether `stored` was sealed by this kind of sealer (carries its prefix). */
  isSealed(stored: string): boolean;
  /** The value sealed for `place`; throws when it was sealed under another key or for another place. */
  open(place: string, stored: string): string;
}

export function createSealer(key: Uint8Array, prefix: string): Sealer {
  return {
    seal(place, value) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(place, 'utf8'));
      const sealed = Buffer.concat([cipher.update(value, 'utf8'), cipher.final()]);
      return prefix + Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
    },
    isSealed: (stored) => stored.startsWith(prefix),
    open(place, stored) {
      const bytes = Buffer.from(stored.slice(prefix.length), 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
      decipher.setAAD(Buffer.from(place, 'utf8'));
      decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
    },
  };
}
