import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../config';

/** One outgoing mail: both bodies, so every mail client shows something readable. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
}

/** The part of a pino logger the mailer needs; it never receives a mail's content. */
export interface MailLog {
  info(details: Record<string, unknown>, message: string): void;
}

export function outboxDir(config: Pick<Config, 'dataDir'>): string {
  return path.join(config.dataDir, 'outbox');
}

/**
 * SMTP through nodemailer when SMTP_URL is set; otherwise each mail becomes an `.eml` file in
 * `<dataDir>/outbox/` and one log line names the file, so a newcomer can read the PIN mail
 * without a mail server. The log line never holds the content: it may carry a PIN or a link.
 */
export function createMailer(config: Pick<Config, 'smtpUrl' | 'smtpFrom' | 'dataDir'>, log: MailLog): Mailer {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({ from: config.smtpFrom, ...mail });
        log.info({ transport: 'smtp' }, 'mail sent');
      },
    };
  }
  // streamTransport renders the complete RFC 5322 message without sending it anywhere.
  const renderer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const dir = outboxDir(config);
  return {
    async send(mail) {
      const { message } = await renderer.sendMail({ from: config.smtpFrom, ...mail });
      await mkdir(dir, { recursive: true, mode: 0o700 });
      // Time first, so a directory listing is in sending order.
      const file = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.eml`;
      await writeFile(path.join(dir, file), message, { mode: 0o600 });
      log.info({ file: path.join(dir, file) }, 'mail written to outbox (SMTP_URL is not set)');
    },
  };
}
