import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createDatabase, type Database } from '../../db/database';
import { createAfterAnswer } from '../../http/after-answer';
import { createMailer } from '../../mail/mailer';
import { startSeededApp, type SeededApp } from '../../../test/support/clinical';
import { csvFile, graftCells, uploadImport } from '../../../test/support/imports';
import { outboxSettled, pollUntil, startSmtpSink, type SmtpSink } from '../../../test/support/mail';
import { entryFor } from '../../../test/support/requests';

// Two instances on one PostgreSQL schema, each with its mail worker (docs/operations.md "Mail"):
// they claim with FOR UPDATE SKIP LOCKED, so every mail is sent exactly once, retries included.
// SQLite runs one instance only.

const fast = { retryBaseMs: 100, pollMs: 100 };

describe.skipIf(!process.env.TEST_DATABASE_URL)('the mail outbox with two instances (postgres)', () => {
  let sink: SmtpSink;
  let first: SeededApp;
  let secondDatabase: Database;
  let second: FastifyInstance;
  const afterAnswer = createAfterAnswer(console);
  const secondLog: string[] = [];

  beforeAll(async () => {
    sink = await startSmtpSink({ delayMs: 5 });
    first = await startSeededApp({ config: { smtpUrl: sink.url }, deps: { mailTimings: fast, afterAnswer } });
    await first.server.database.db.deleteFrom('waitingListEntries').execute();
    secondDatabase = createDatabase(first.server.target);
    const logStream = new Writable({
      write: (chunk: Buffer, _encoding, done) => {
        secondLog.push(chunk.toString('utf8'));
        done();
      },
    });
    second = await buildApp({
      config: first.server.config,
      database: secondDatabase,
      webRoot: null,
      logStream,
      mailTimings: fast,
    });
  }, 120_000);
  afterAll(async () => {
    await second?.close();
    await secondDatabase?.close();
    await first?.server.close();
    await sink?.close();
  });

  it('a refusing mail server (4xx) recovers: the import’s match mails and 150 others arrive exactly once', async () => {
    const { physicianA, employeeX } = first.clients;
    for (const code of ['D-01-2020', 'E-02-2021']) {
      await entryFor(physicianA, code, 30);
    }
    sink.answer = () => ({ code: 421, message: 'Service not available, try later' });
    const answer = await uploadImport(
      employeeX,
      csvFile(['MI-1', 'MI-2', 'MI-3'].map((lot) => graftCells(lot, { t_Dproximal: 20.5, t_Lmax: 55 }))),
    );
    expect(answer.status).toBe(200);
    await afterAnswer.drain();
    const mailer = createMailer(first.server.config, { now: () => new Date() });
    for (let index = 0; index < 150; index++) {
      await mailer.enqueue(first.server.database.db, {
        kind: 'request',
        to: `bank-${index}@bank.example`,
        subject: `Request ${index}`,
        text: 'Request',
        html: '<p>Request</p>',
      });
    }
    // Both workers try and are refused, then the mail server recovers.
    await pollUntil(
      () => first.server.database.db.selectFrom('mailOutbox').select('id').where('lastError', 'is not', null).execute(),
      (refused) => refused.length >= 30,
    );
    sink.answer = () => 'accept';
    await outboxSettled(first.server.database.db, 30_000);

    const rows = await first.server.database.db
      .selectFrom('mailOutbox')
      .select(['messageId', 'kind', 'state'])
      .execute();
    expect(rows.filter((row) => row.kind === 'match').length).toBeGreaterThan(0);
    expect(rows.filter((row) => row.state !== 'sent')).toEqual([]);
    expect(rows.filter((row) => sink.countOf(row.messageId) !== 1)).toEqual([]);
    // Both instances sent: the claims really competed.
    const sentBy = (lines: string[]) => lines.filter((line) => line.includes('"msg":"mail sent"')).length;
    expect(sentBy(first.server.logLines)).toBeGreaterThan(0);
    expect(sentBy(secondLog.join('').split('\n'))).toBeGreaterThan(0);
  });
});
