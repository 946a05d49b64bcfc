import { createHmac } from 'node:crypto';
import { createSealer } from '../identity/sealing';

// The bodies of mails that carry a secret (a login PIN, a set-password link) are kept in the outbox
// only sealed, and emptied once the mail is sent or has failed (docs/security.md "Mail outbox"). The
// key comes from the signing secret, which lives outside the database (JWT_SECRET or
// DATA_DIR/jwt-secret) and which every instance already shares, so any instance may send the mail.

/** The kinds whose body carries a secret (a PIN, a set-password link). */
export const SEALED_KINDS = ['pin', 'recovery', 'invitation'] as const;

const PREFIX = 'sealed:v1:';

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
  const sealer = createSealer(
    createHmac('sha256', signingSecret).update('graftmatch/mail-outbox-body/v1').digest(),
    PREFIX,
  );
  return {
    seal: (mailId, body) => sealer.seal(mailId, body),
    open(mailId, stored) {
      if (!sealer.isSealed(stored)) {
        return stored;
      }
      try {
        return sealer.open(mailId, stored);
      } catch {
        throw new UnreadableMailError(
          'The mail was sealed with another signing secret (JWT_SECRET changed) and cannot be read.',
        );
      }
    },
  };
}
