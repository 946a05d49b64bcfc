import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';

// The bodies of mails that carry a secret (a login PIN, a set-password link) are kept in the outbox
// only sealed, and emptied once the mail is sent or has failed (docs/security.md "Mail outbox"). The
// key comes from the signing secret, which lives outside the database (JWT_SECRET or
// DATA_DIR/jwt-secret) and which every instance already shares, so any instance may send the mail.

/** The kinds whose body carries a secret (a PIN, a set-password link). */
export const SEALED_KINDS = ['pin', 'recovery', 'invitation'] as const;

const PREFIX = 'sealed:v1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export interface MailSealer {
  /** Encrypts `body` for the outbox row `mailId` (AES-256-GCM, the row's id bound in). */
  seal(mailId: string, body: string): string;
  /** The body of a sealed value; a plain one unchanged. Throws when it was sealed with another key or for another row. */
  open(mailId: string, stored: string): string;
}

/** A stored body that can no longer be read (the signing secret changed): sending again cannot help. */
export class UnreadableMailError extends Error {
  readonly responseCode = 550;
}

export function createMailSealer(signingSecret: Uint8Array): MailSealer {
  const key = createHmac('sha256', signingSecret).update('graftmatch/mail-outbox-body/v1').digest();
  return {
    seal(mailId, body) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(mailId, 'utf8'));
      const sealed = Buffer.concat([cipher.update(body, 'utf8'), cipher.final()]);
      return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
    },
    open(mailId, stored) {
      if (!stored.startsWith(PREFIX)) {
        return stored;
      }
      const bytes = Buffer.from(stored.slice(PREFIX.length), 'base64url');
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
        decipher.setAAD(Buffer.from(mailId, 'utf8'));
        decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
        return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString(
          'utf8',
        );
      } catch {
        throw new UnreadableMailError(
          'The mail was sealed with another signing secret (JWT_SECRET changed) and cannot be read.',
        );
      }
    },
  };
}
