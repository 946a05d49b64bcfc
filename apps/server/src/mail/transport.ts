import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../config/config';
import { outboxDir, type MailAttachment, type MailLog, type OutgoingMail } from './mailer';

/** Hands one mail over: SMTP, or an `.eml` file. Throws as nodemailer does (`responseCode` on a refusal). */
export interface MailTransport {
  deliver(mail: OutgoingMail & { messageId: string; attachments?: MailAttachment[] }): Promise<void>;
  /** How many mails it takes at once. */
  readonly parallel: number;
  close(): void;
}

export type TransportConfig = Pick<
  Config,
  | 'smtpUrl'
  | 'smtpFrom'
  | 'dataDir'
  | 'smtpMaxConnections'
  | 'smtpConnectionTimeoutSeconds'
  | 'smtpGreetingTimeoutSeconds'
  | 'smtpSocketTimeoutSeconds'
>;

/**
 * SMTP through nodemailer's pool when SMTP_URL is set: a few connections reused for many mails,
 * each wait bounded by the configured timeouts. Otherwise each mail becomes an `.eml` file in
 * `<dataDir>/outbox/` and one log line names the file, so a newcomer can read the PIN mail
 * without a mail server. The log line never holds the content: it may carry a PIN or a link.
 */
export function createMailTransport(config: TransportConfig, log: MailLog): MailTransport {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport({
      url: config.smtpUrl,
      pool: true,
      maxConnections: config.smtpMaxConnections,
      connectionTimeout: config.smtpConnectionTimeoutSeconds * 1000,
      greetingTimeout: config.smtpGreetingTimeoutSeconds * 1000,
      socketTimeout: config.smtpSocketTimeoutSeconds * 1000,
    });
    return {
      parallel: config.smtpMaxConnections,
      async deliver(mail) {
        await transport.sendMail({ from: config.smtpFrom, ...mail });
        log.info({ transport: 'smtp', messageId: mail.messageId }, 'mail sent');
      },
      close: () => transport.close(),
    };
  }
  // streamTransport renders the complete RFC 5322 message without sending it anywhere.
  const renderer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const dir = outboxDir(config);
  return {
    parallel: 1,
    async deliver(mail) {
      const { message } = await renderer.sendMail({ from: config.smtpFrom, ...mail });
      await mkdir(dir, { recursive: true, mode: 0o700 });
      // Time first, so a directory listing is in sending order.
      const file = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.eml`;
      await writeFile(path.join(dir, file), message, { mode: 0o600 });
      log.info({ file: path.join(dir, file) }, 'mail written to outbox (SMTP_URL is not set)');
    },
    close: () => undefined,
  };
}
