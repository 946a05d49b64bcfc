import net from 'node:net';
import type { Kysely } from 'kysely';
import { simpleParser } from 'mailparser';
import { SMTPServer, type SMTPServerDataStream } from 'smtp-server';
import type { DB } from '../../src/db/types';

// Real SMTP peers for the mail tests (docs/operations.md "Mail"): a sink that counts what it
// accepted by Message-ID and can refuse for a while, a server that never greets, and one that
// stalls after DATA.

export interface SinkMail {
  messageId: string;
  to: string;
  subject: string;
  text: string;
  attachments: { filename: string; contentType: string; content: Buffer }[];
}

/** What the sink answers to the next mail: accept it, or refuse with this SMTP code. */
export type SinkAnswer = 'accept' | { code: number; message: string };

export interface SmtpSink {
  url: string;
  /** Every accepted mail, in arrival order. */
  mails: SinkMail[];
  /** How often each Message-ID was accepted. */
  countOf(messageId: string): number;
  answer: (mail: { to: string }) => SinkAnswer;
  waitFor(accept: (mail: SinkMail) => boolean, timeoutMs?: number): Promise<SinkMail>;
  close(): Promise<void>;
}

function refusal(answer: Exclude<SinkAnswer, 'accept'>): Error {
  return Object.assign(new Error(answer.message), { responseCode: answer.code });
}

/**
 * A sender killed mid-mail resets its connection; smtp-server reports that as an 'error' event,
 * which, with no listener, would end the test process. The tests judge by what was accepted.
 */
function ignoreResets(server: SMTPServer): void {
  server.on('error', () => undefined);
}

async function listen(server: net.Server | SMTPServer): Promise<number> {
  const inner = server instanceof SMTPServer ? server.server : server;
  await new Promise<void>((resolve) => (server as net.Server).listen(0, '127.0.0.1', resolve));
  return (inner.address() as net.AddressInfo).port;
}

/**
 * An SMTP server that keeps what it accepts; `answer` decides per mail (accepts by default).
 * `delayMs` holds each mail's acceptance back, so a test can kill a sender while mails are in flight.
 */
export async function startSmtpSink(options: { delayMs?: number } = {}): Promise<SmtpSink> {
  const mails: SinkMail[] = [];
  const sink: SmtpSink = {
    url: '',
    mails,
    countOf: (messageId) => mails.filter((mail) => mail.messageId === messageId).length,
    answer: () => 'accept',
    async waitFor(accept, timeoutMs = 10_000) {
      const found = await pollUntil(async () => mails.find(accept), Boolean, { timeoutMs, everyMs: 25 });
      return found as SinkMail;
    },
    close: () => new Promise<void>((resolve) => server.close(resolve)),
  };
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const answer = sink.answer({ to: address.address });
      callback(answer === 'accept' ? undefined : refusal(answer));
    },
    onData(stream: SMTPServerDataStream, _session, callback) {
      simpleParser(stream)
        .then(async (mail) => {
          const to = Array.isArray(mail.to) ? mail.to.map((a) => a.text).join(', ') : (mail.to?.text ?? '');
          if (options.delayMs) {
            await new Promise((resolve) => setTimeout(resolve, options.delayMs));
          }
          mails.push({
            messageId: mail.messageId ?? '',
            to,
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            attachments: mail.attachments.map((file) => ({
              filename: file.filename ?? '',
              contentType: file.contentType,
              content: file.content,
            })),
          });
          callback();
        })
        .catch(callback);
    },
  });
  ignoreResets(server);
  sink.url = `smtp://127.0.0.1:${await listen(server)}`;
  return sink;
}

/** A mail server that takes connections and never says a word. */
export async function startSilentServer(): Promise<{ url: string; connections(): number; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  let connections = 0;
  const server = net.createServer((socket) => {
    connections += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  const port = await listen(server);
  return {
    url: `smtp://127.0.0.1:${port}`,
    connections: () => connections,
    close: () => {
      sockets.forEach((socket) => socket.destroy());
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A mail server that reads a mail's content and never answers it. */
export async function startStallingServer(): Promise<{ url: string; close(): Promise<void> }> {
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream) {
      stream.resume();
    },
  });
  ignoreResets(server);
  const port = await listen(server);
  return { url: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(resolve)) };
}

/**
 * Waits until the outbox holds no queued mail: each one is sent or failed (a worker of another
 * instance may take it only at its next poll, seconds later on a busy machine).
 */
export async function outboxSettled(db: Kysely<DB>, timeoutMs = 25_000): Promise<void> {
  const queued = () =>
    db
      .selectFrom('mailOutbox')
      .select((eb) => eb.fn.countAll<string | number>().as('count'))
      .where('state', '=', 'queued')
      .executeTakeFirstOrThrow();
  await pollUntil(queued, ({ count }) => Number(count) === 0, { timeoutMs, everyMs: 25 });
}

/** Reads until `done` holds (polling every `everyMs`), and answers the last value read. */
export async function pollUntil<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  { timeoutMs = 10_000, everyMs = 50 } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) {
      return value;
    }
    if (Date.now() > deadline) {
      throw new Error(`not reached within ${timeoutMs} ms: ${JSON.stringify(value)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
