import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../../src/db/database';
import { createMailer } from '../../src/mail/mailer';
import { testEngineName } from '../support/database';
import { startSmtpSink, type SmtpSink } from '../support/mail';
import { createFaultStorage, type FaultStorage } from './engine';
import { startFaultServer } from './fault-server';

// The mail outbox survives a crash (docs/operations.md "Mail"): with 200 mails queued, the server
// is killed (SIGKILL) while it sends; after a restart every mail arrives, and only mails in flight
// at the kill (at most the pool's size) arrive twice. The sink counts by Message-ID.

const MAILS = 200;
const POOL = 3;

describe(`fault: SIGKILL while 200 mails are queued (${testEngineName()})`, () => {
  let storage: FaultStorage;
  let sink: SmtpSink;
  let database: Database | undefined;
  beforeAll(async () => {
    storage = await createFaultStorage();
    // Each mail takes 20 ms to be accepted, so the kill lands while mails are in flight.
    sink = await startSmtpSink({ delayMs: 20 });
  });
  afterAll(async () => {
    await database?.close();
    await sink?.close();
    await storage?.dispose();
  });

  it('sends every mail after the restart, and at most the pool size twice', { timeout: 150_000 }, async () => {
    const env = {
      ...storage.env,
      SMTP_URL: sink.url,
      SMTP_MAX_CONNECTIONS: String(POOL),
      // Short timeouts make a short claim, so the killed server's claimed mails come back soon.
      SMTP_CONNECTION_TIMEOUT_SECONDS: '1',
      SMTP_GREETING_TIMEOUT_SECONDS: '1',
      SMTP_SOCKET_TIMEOUT_SECONDS: '2',
    };
    const first = await startFaultServer(env);
    database =
      storage.engine === 'sqlite'
        ? createDatabase({ engine: 'sqlite', file: path.join(storage.dataDir, 'graftmatch.db') })
        : createDatabase({ engine: 'postgres', url: storage.env.DATABASE_URL as string });
    // Queued from outside, as `graftmatch import` queues; the server's worker finds them when it polls.
    const mailer = createMailer({ smtpFrom: 'GraftMatch <no-reply@fault.example>' }, { now: () => new Date() });
    for (let index = 0; index < MAILS; index++) {
      await mailer.enqueue(database.db, {
        kind: 'match',
        to: `physician-${index}@clinic.example`,
        subject: `Mail ${index}`,
        text: `Mail ${index}`,
        html: `<p>Mail ${index}</p>`,
      });
    }
    await sink.waitFor(() => sink.mails.length >= 20, 30_000);
    await first.kill('SIGKILL');
    const beforeRestart = sink.mails.length;
    expect(beforeRestart).toBeLessThan(MAILS);

    const second = await startFaultServer(env);
    try {
      const rows = await storage.select<{ message_id: string; state: string }>(
        'select message_id, state from mail_outbox',
      );
      expect(rows).toHaveLength(MAILS);
      const deadline = Date.now() + 60_000;
      while (new Set(sink.mails.map((mail) => mail.messageId)).size < MAILS && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const received = new Set(sink.mails.map((mail) => mail.messageId));
      expect(rows.filter((row) => !received.has(row.message_id))).toEqual([]);
      const repeats = rows.reduce((sum, row) => sum + Math.max(0, sink.countOf(row.message_id) - 1), 0);
      expect(repeats).toBeLessThanOrEqual(POOL);
    } finally {
      await second.kill('SIGTERM');
    }
  });
});
