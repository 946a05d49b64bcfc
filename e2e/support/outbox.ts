import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import type { SmtpSink } from '../../apps/server/test/support/mail';

/** The names of the mails in a server's outbox now; pass them to `readPinFromOutbox` to skip them. */
export async function outboxMailNames(dataDir: string): Promise<Set<string>> {
  return new Set(await readdir(path.join(dataDir, 'outbox')).catch(() => [] as string[]));
}

/**
 * The PIN of the newest PIN mail to `email` in a server's outbox (it runs without SMTP_URL, so mails
 * are .eml files), written at or after `notBefore` (ms since epoch). Polls briefly: the mail may
 * be written just after the login answer. Mails named in `skip` (an earlier login's, which
 * may be younger than the second of slack allowed on `notBefore`) are never taken.
 */
export async function readPinFromOutbox(
  dataDir: string,
  email: string,
  notBefore: number,
  timeoutMs = 5000,
  skip = new Set<string>(),
) {
  const outbox = path.join(dataDir, 'outbox');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const names = (await readdir(outbox).catch(() => [] as string[])).filter((name) => !skip.has(name));
    const files = await Promise.all(
      names.map(async (name) => ({
        file: path.join(outbox, name),
        mtime: (await stat(path.join(outbox, name))).mtimeMs,
      })),
    );
    const recent = files.filter((f) => f.mtime >= notBefore - 1000).sort((a, b) => b.mtime - a.mtime);
    for (const { file } of recent) {
      const mail = await simpleParser(await readFile(file));
      const to = Array.isArray(mail.to) ? mail.to.map((a) => a.text).join(',') : (mail.to?.text ?? '');
      // Only a PIN mail (its subject says so in either language): a match digest also holds six digits.
      const pin = /PIN/.test(mail.subject ?? '') ? /\b(\d{6})\b/.exec(mail.text ?? '')?.[1] : undefined;
      if (to.toLowerCase().includes(email.toLowerCase()) && pin) {
        return pin;
      }
    }
    if (Date.now() > deadline) {
      throw new Error(`no PIN mail for ${email} in ${outbox}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
}

/** The first mail in a server's outbox that `accept` takes; polls, since the server's mail worker writes it when it next looks. */
export async function waitForOutboxMail(
  dataDir: string,
  accept: (mail: OutboxMail) => boolean,
  timeoutMs = 20_000,
): Promise<OutboxMail> {
  const outbox = path.join(dataDir, 'outbox');
  const read = new Map<string, OutboxMail>();
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    for (const name of await readdir(outbox).catch(() => [] as string[])) {
      if (!read.has(name)) {
        const mail = await simpleParser(await readFile(path.join(outbox, name)));
        const to = Array.isArray(mail.to) ? mail.to.map((a) => a.text).join(',') : (mail.to?.text ?? '');
        read.set(name, { to, subject: mail.subject ?? '', text: mail.text ?? '' });
      }
    }
    const found = [...read.values()].find(accept);
    if (found) {
      return found;
    }
    if (Date.now() > deadline) {
      throw new Error(`no such mail in ${outbox} within ${timeoutMs} ms`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Where a server's mails land: the outbox directory in its data directory (a server without
 * SMTP_URL, as the shared one runs), or the real SMTP peer a journey started for its own server.
 */
export type Mailbox = string | SmtpSink;

const PIN = /\b(\d{6})\b/;

/**
 * Call just before a login: answers how to wait for the PIN of the login mail to `email` that is
 * sent after this call (never an earlier login's).
 */
export async function expectPin(mailbox: Mailbox, email: string): Promise<() => Promise<string>> {
  if (typeof mailbox === 'string') {
    const earlier = await outboxMailNames(mailbox);
    const notBefore = Date.now();
    return () => readPinFromOutbox(mailbox, email, notBefore, 5000, earlier);
  }
  const earlier = new Set(mailbox.mails);
  return async () => {
    const mail = await mailbox.waitFor(
      (one) => !earlier.has(one) && one.to.toLowerCase().includes(email.toLowerCase()) && PIN.test(one.text),
      5000,
    );
    return PIN.exec(mail.text)![1]!;
  };
}
