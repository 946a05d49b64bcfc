import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Config } from '../config/config';
import type { Executor } from '../db/executor';
import type { MailCounters } from '../metrics/counters';
import { insertMail } from './outbox.repository';
import { RETRY_FOR_MS } from './retry';
import { SEALED_KINDS, type MailSealer } from './sealed-body';

/** One outgoing mail: both bodies, so every mail client shows something readable. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** A file sent along, as the transport hands it over. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

/**
 * A file a queued mail sends along: a key of the file store, read when the mail is sent, so the
 * outbox row stays small and a restart still sends it (docs/decisions.md "Mail").
 */
export interface MailAttachmentRef {
  fileName: string;
  contentType: string;
  storageKey: string;
}

/**
 * What caused a mail; it sets the order of sending (docs/decisions.md "Mail"). A `push` row is a
 * Web Push message to one subscribed device (docs/api.md "Alerts"), a `fhir` row a notification
 * to one FHIR subscription (docs/fhir.md "Subscriptions"), each sent by the same worker.
 */
export type MailKind =
  'pin' | 'recovery' | 'invitation' | 'request' | 'authority' | 'match' | 'reminder' | 'push' | 'fhir';

/** The outbox rows that are Web Push messages, not mails. */
export const PUSH_KIND = 'push' satisfies MailKind;
/** The outbox rows that are FHIR subscription notifications. */
export const FHIR_NOTIFICATION_KIND = 'fhir' satisfies MailKind;
/** The outbox rows that are not mails, each sent by its channel: the mail lists leave them out. */
export const CHANNEL_KINDS = [PUSH_KIND, FHIR_NOTIFICATION_KIND] as const;
export type ChannelKind = (typeof CHANNEL_KINDS)[number];
export const isChannelKind = (kind: string): kind is ChannelKind => (CHANNEL_KINDS as readonly string[]).includes(kind);

const PRIORITY: Record<MailKind, number> = {
  pin: 0,
  push: 1,
  recovery: 1,
  invitation: 1,
  request: 2,
  authority: 2,
  match: 3,
  reminder: 3,
  fhir: 2,
};
/** A PIN is worth nothing after its 10 minutes (docs/decisions.md §7), so its mail is not retried longer. */
const PIN_RETRY_FOR_MS = 10 * 60_000;
/** A push still unsent after two hours tells of something the centre and the mail have told already. */
const PUSH_RETRY_FOR_MS = 2 * 3_600_000;
const retryFor = (kind: MailKind) =>
  kind === 'pin' ? PIN_RETRY_FOR_MS : kind === PUSH_KIND ? PUSH_RETRY_FOR_MS : RETRY_FOR_MS;

export interface QueuedMail extends OutgoingMail {
  kind: MailKind;
  /** What the mail belongs to, for asking its state later (a PIN mail: its login attempt). */
  reference?: string;
  attachments?: MailAttachmentRef[];
}

/**
 * The durable outbox (docs/operations.md "Mail"): `enqueue` writes the mail as a row with the
 * caller's executor, so inside the caller's transaction it commits or rolls back with its cause.
 * The mail worker sends it. Outside a transaction the worker is woken at once; inside one, the
 * caller calls `wake()` after the commit (before it the row is not visible to the worker).
 */
export interface Mailer {
  enqueue(executor: Executor, mail: QueuedMail): Promise<string>;
  wake(): void;
}

/** The part of a pino logger the mail worker needs; it never receives a mail's content. */
export interface MailLog {
  info(details: Record<string, unknown>, message: string): void;
  warn(details: Record<string, unknown>, message: string): void;
  error(details: Record<string, unknown>, message: string): void;
}

export function outboxDir(config: Pick<Config, 'dataDir'>): string {
  return path.join(config.dataDir, 'outbox');
}

/** The domain of the sender's address, for Message-IDs (`GraftMatch <no-reply@x.example>` gives x.example). */
export function senderDomain(from: string): string {
  return /@([^\s>]+)/.exec(from)?.[1] ?? 'graftmatch.local';
}

/**
 * Writes mails to the outbox. `wake` tells this process's worker; a process without a worker
 * (the command line) leaves them to the server's, which finds them when it polls.
 */
export function createMailer(
  config: Pick<Config, 'smtpFrom'>,
  options: {
    now: () => Date;
    /** Seals the bodies of PIN and set-password mails; a process without one (import, jobs) never queues those. */
    sealer?: MailSealer;
    wake?: () => void;
    counters?: Pick<MailCounters, 'queued'>;
  },
): Mailer {
  const domain = senderDomain(config.smtpFrom);
  const wake = options.wake ?? (() => undefined);
  return {
    async enqueue(executor, mail) {
      const id = randomUUID();
      const now = options.now();
      const sealer = (SEALED_KINDS as readonly string[]).includes(mail.kind) ? options.sealer : null;
      if (sealer === undefined) {
        throw new Error(`a ${mail.kind} mail carries a secret; this mailer was given no sealer`);
      }
      const body = (value: string) => (sealer ? sealer.seal(id, value) : value);
      await insertMail(executor, {
        id,
        kind: mail.kind,
        priority: PRIORITY[mail.kind],
        reference: mail.reference ?? null,
        // Stable across retries and instances, so a receiver can recognise a repeat.
        messageId: `<${id}@${domain}>`,
        recipient: mail.to,
        subject: mail.subject,
        textBody: body(mail.text),
        htmlBody: body(mail.html),
        attachments: mail.attachments?.length ? JSON.stringify(mail.attachments) : null,
        state: 'queued',
        nextAttemptAt: now.toISOString(),
        giveUpAt: new Date(now.getTime() + retryFor(mail.kind)).toISOString(),
        createdAt: now.toISOString(),
        updatedAt: now.toISOString(),
      });
      options.counters?.queued();
      if (!executor.isTransaction) {
        wake();
      }
      return id;
    },
    wake,
  };
}
