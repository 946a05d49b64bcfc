import type { Kysely } from 'kysely';
import type { DB } from '../db/types';
import { StorageNotFoundError, type FileStorage } from '../storage/storage';
import type { MailCounters } from '../metrics/counters';
import { isChannelKind, type ChannelKind, type MailAttachment, type MailAttachmentRef, type MailLog } from './mailer';
import { claimDueMails, markMailFailed, markMailRetry, markMailSent, type ClaimedMail } from './outbox.repository';
import { failureReason, isPermanentFailure, retryDelayMs, RETRY_BASE_MS } from './retry';
import type { MailSealer } from './sealed-body';
import type { MailTransport } from './transport';

// The mail worker (docs/operations.md "Mail"): claims due outbox rows, most urgent first, as many
// as the transport takes at once, sends them and records the outcome. It runs when a mail is
// queued in this process and polls for rows others queued (the command line, other instances,
// retries that came due). A claim lasts `leaseMs`; a sender that dies with rows claimed leaves
// them to be claimed again once it has passed, so a mail is sent twice only if it was in flight.
// A mail's attachments are read from the file store as it is sent; one that is gone fails the mail.
// A sealed body (a PIN, a link) is opened only here, just before it is handed over.

export interface MailTimings {
  /** How often the outbox is looked at without a wake-up. */
  pollMs: number;
  /** The first retry's delay (docs/decisions.md "Mail"); tests shorten it. */
  retryBaseMs: number;
  /** How long a claim holds: longer than one send may take with the SMTP timeouts. */
  leaseMs: number;
}

export const DEFAULT_POLL_MS = 5_000;

/**
 * Hands one outbox row that is not a mail to its receiver: a Web Push message to a subscribed
 * device (docs/api.md "Alerts"), a FHIR notification to a subscriber (docs/fhir.md "Subscriptions").
 * Throws as a mail transport does: `responseCode` 5xx when it is refused for good (the device or the
 * subscription is gone), anything else to be tried again.
 */
export interface OutboxDelivery {
  deliver(recipient: string, payload: string): Promise<void>;
}

export interface MailWorker {
  /** Looks at the outbox now (a mail was queued). */
  wake(): void;
  /** Stops claiming and waits for the mails in flight (at most `graceMs`), then closes the transport. */
  stop(graceMs: number): Promise<void>;
}

/** A stored attachment went missing: sending again cannot help. */
class AttachmentGone extends Error {
  readonly responseCode = 550;
}

async function readAttachments(files: Pick<FileStorage, 'stream'>, json: string | null): Promise<MailAttachment[]> {
  const refs = json ? (JSON.parse(json) as MailAttachmentRef[]) : [];
  return Promise.all(
    refs.map(async (ref) => {
      try {
        const chunks: Buffer[] = [];
        for await (const chunk of await files.stream(ref.storageKey)) {
          chunks.push(chunk as Buffer);
        }
        return { filename: ref.fileName, contentType: ref.contentType, content: Buffer.concat(chunks) };
      } catch (error) {
        throw error instanceof StorageNotFoundError
          ? new AttachmentGone(`The attachment ${ref.fileName} is no longer stored.`)
          : error;
      }
    }),
  );
}

export function startMailWorker(deps: {
  db: Kysely<DB>;
  transport: MailTransport;
  /** Opens the bodies that carry a secret. */
  sealer: MailSealer;
  /** Where attachments are read from. */
  files: Pick<FileStorage, 'stream'>;
  now: () => Date;
  log: MailLog;
  timings?: Partial<MailTimings>;
  leaseMs: number;
  counters?: Omit<MailCounters, 'queued'>;
  /** Sends the outbox's rows of each channel; a process without one leaves them to be tried again. */
  channels?: Partial<Record<ChannelKind, OutboxDelivery>>;
}): MailWorker {
  const pollMs = deps.timings?.pollMs ?? DEFAULT_POLL_MS;
  const retryBaseMs = deps.timings?.retryBaseMs ?? RETRY_BASE_MS;
  const leaseMs = deps.timings?.leaseMs ?? deps.leaseMs;
  let stopped = false;
  let again = false;
  let running: Promise<void> | null = null;
  let timer: NodeJS.Timeout | undefined;

  async function settle(mail: ClaimedMail, error: unknown) {
    const now = deps.now();
    const reason = failureReason(error);
    const nextAttempt = new Date(now.getTime() + retryDelayMs(mail.attempts, retryBaseMs));
    if (isPermanentFailure(error) || nextAttempt.toISOString() > mail.giveUpAt) {
      deps.log.warn({ mailId: mail.id, attempts: mail.attempts, reason }, 'mail failed');
      await markMailFailed(deps.db, { id: mail.id, error: reason, now: now.toISOString() });
      deps.counters?.failed();
      return;
    }
    deps.log.warn({ mailId: mail.id, attempts: mail.attempts, reason }, 'mail not sent; will retry');
    await markMailRetry(deps.db, {
      id: mail.id,
      nextAttemptAt: nextAttempt.toISOString(),
      error: reason,
      now: now.toISOString(),
    });
    deps.counters?.retried();
  }

  async function deliver(mail: ClaimedMail) {
    if (isChannelKind(mail.kind)) {
      const channel = deps.channels?.[mail.kind];
      if (!channel) {
        throw new Error(`this process sends no ${mail.kind} rows`);
      }
      await channel.deliver(mail.recipient, mail.textBody);
      return;
    }
    const attachments = await readAttachments(deps.files, mail.attachments);
    await deps.transport.deliver({
      to: mail.recipient,
      subject: mail.subject,
      text: deps.sealer.open(mail.id, mail.textBody),
      html: deps.sealer.open(mail.id, mail.htmlBody),
      messageId: mail.messageId,
      ...(attachments.length > 0 ? { attachments } : {}),
    });
  }

  async function send(mail: ClaimedMail) {
    try {
      await deliver(mail);
    } catch (error) {
      await settle(mail, error);
      return;
    }
    await markMailSent(deps.db, mail.id, deps.now().toISOString());
    deps.counters?.sent();
  }

  async function drainOutbox() {
    do {
      again = false;
      const now = deps.now();
      const claimed = await claimDueMails(deps.db, {
        now: now.toISOString(),
        claimedUntil: new Date(now.getTime() + leaseMs).toISOString(),
        limit: deps.transport.parallel,
      });
      await Promise.all(claimed.map(send));
      again ||= claimed.length > 0;
    } while (again && !stopped);
  }

  function schedule() {
    clearTimeout(timer);
    if (!stopped) {
      timer = setTimeout(run, pollMs);
      timer.unref();
    }
  }

  function run() {
    if (stopped) {
      return;
    }
    if (running) {
      again = true;
      return;
    }
    running = drainOutbox()
      .catch((error: unknown) => {
        // The database may be away: wait for the next poll rather than retrying at once.
        again = false;
        deps.log.error({ err: error }, 'the mail worker failed; it tries again');
      })
      .finally(() => {
        running = null;
        // A wake-up that came after the last claim must not wait for the next poll.
        if (again && !stopped) {
          run();
        } else {
          schedule();
        }
      });
  }

  run();
  return {
    wake: run,
    async stop(graceMs) {
      stopped = true;
      clearTimeout(timer);
      const grace = new Promise<void>((resolve) => setTimeout(resolve, graceMs).unref());
      await Promise.race([running ?? Promise.resolve(), grace]);
      deps.transport.close();
    },
  };
}
