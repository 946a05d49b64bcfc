import type { ImportResult, MailListPage, OutboxMail } from '@graftmatch/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createAfterAnswer } from '../../http/after-answer';
import { createMailer } from '../../mail/mailer';
import { TEST_PASSWORD, basicAuth, createTestUser } from '../../../test/support/auth';
import { DEMO, startSeededApp, type SeededApp } from '../../../test/support/clinical';
import { TestClient } from '../../../test/support/client';
import { testEngineName } from '../../../test/support/database';
import { csvFile, graftCells, uploadImport } from '../../../test/support/imports';
import {
  outboxSettled,
  pollUntil,
  startSilentServer,
  startSmtpSink,
  startStallingServer,
  type SmtpSink,
} from '../../../test/support/mail';
import { entryFor, freeGraftOfX } from '../../../test/support/requests';

// The durable mail outbox against real SMTP peers (docs/operations.md "Mail"): retries after a
// refusal, immediate failure on a permanent one, the admins' list and retry, and answers that
// never wait for a slow or silent mail server.

const fast = { retryBaseMs: 100, pollMs: 200 };
/** The greeting and reply timeouts against the silent and stalling servers: what a waiting answer would take. */
const WAIT_SECONDS = 4;

async function outboxRows(app: SeededApp, kind: string) {
  return app.server.database.db
    .selectFrom('mailOutbox')
    .select(['id', 'messageId', 'state', 'attempts', 'lastError'])
    .where('kind', '=', kind)
    .execute();
}

/** The PIN mail's state once it is no longer `queued`, polled as the web polls it (under the auth routes' rate limit). */
async function pinMailOutcome(client: TestClient, login: Response): Promise<string> {
  const { twoFactor_Token } = (await login.json()) as { twoFactor_Token: string };
  const status = () =>
    client
      .get('/api/auth/twofactor/status', { headers: { authorization: `Bearer ${twoFactor_Token}` } })
      .then(async (answer) => ((await answer.json()) as { mail: string }).mail);
  return pollUntil(status, (mail) => mail !== 'queued', { everyMs: 500, timeoutMs: 20_000 });
}

describe(`the mail outbox with a real SMTP peer (${testEngineName()})`, () => {
  let sink: SmtpSink;
  let app: SeededApp;
  const afterAnswer = createAfterAnswer(console);

  beforeAll(async () => {
    sink = await startSmtpSink();
    app = await startSeededApp({ config: { smtpUrl: sink.url }, deps: { mailTimings: fast, afterAnswer } });
    // Only the entries this story adds can match.
    await app.server.database.db.deleteFrom('waitingListEntries').execute();
  }, 120_000);
  afterAll(async () => {
    await app?.server.close();
    await sink?.close();
  });
  afterEach(() => {
    sink.answer = () => 'accept';
  });

  it('First the mail server refuses for a while (4xx); the match mails of an import arrive once it recovers, each exactly once', async () => {
    const { physicianA, employeeX } = app.clients;
    for (const code of ['A-01-2020', 'B-02-2021', 'C-03-2022']) {
      await entryFor(physicianA, code, 30);
    }
    sink.answer = () => ({ code: 451, message: 'Try again later' });
    const answer = await uploadImport(
      employeeX,
      csvFile(['MQ-1', 'MQ-2'].map((lot) => graftCells(lot, { t_Dproximal: 20.5, t_Lmax: 55 }))),
    );
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as ImportResult).summary).toMatchObject({ inserted: 2, failed: 0 });
    await afterAnswer.drain();

    // Each match mail was tried and refused, and waits for its next attempt.
    const refused = await pollUntil(
      () => outboxRows(app, 'match'),
      (rows) => rows.length > 0 && rows.every((row) => row.attempts >= 2 && row.state === 'queued'),
    );
    expect(refused.every((row) => row.lastError?.includes('451'))).toBe(true);
    expect(sink.mails.filter((mail) => /fit/.test(mail.subject))).toEqual([]);

    sink.answer = () => 'accept';
    await outboxSettled(app.server.database.db);
    const sent = await outboxRows(app, 'match');
    expect(sent.map((row) => row.state)).toEqual(sent.map(() => 'sent'));
    for (const row of sent) {
      expect(sink.countOf(row.messageId)).toBe(1);
    }
    expect(sink.mails.filter((mail) => /fit/.test(mail.subject)).every((m) => m.to.includes(DEMO.physicianA))).toBe(
      true,
    );
  });

  it('a permanent refusal (5xx) fails at once; admins see why, auditors too; an admin sends a request mail again, never a link mail', async () => {
    const bounce = await createTestUser(app.server, { email: 'bounce@clinic.example' });
    sink.answer = ({ to }) => (to === bounce.email ? { code: 550, message: 'No such mailbox' } : 'accept');
    const anonymous = new TestClient(app.server.baseUrl);
    await anonymous.get('/api/health');
    expect((await anonymous.post('/api/auth/recoveryrequest', { email: bounce.email })).status).toBe(204);
    await outboxSettled(app.server.database.db);

    const { admin, auditor } = app.clients;
    for (const reader of [admin, auditor]) {
      const page = (await (await reader.get('/api/admin/mails?state=failed')).json()) as MailListPage;
      expect(page.items).toHaveLength(1);
      expect(page.items[0]).toMatchObject({ kind: 'recovery', recipient: bounce.email, state: 'failed', attempts: 1 });
      expect(page.items[0]!.reason).toMatch(/550/);
      // Never a body: it may hold a PIN or a set-password link.
      expect(JSON.stringify(page)).not.toMatch(/recover\//);
    }
    const failedLink = (await (await admin.get('/api/admin/mails?state=failed')).json()) as MailListPage;
    // Its link was emptied from the outbox when it failed: the user asks for a new one.
    expect((await admin.post(`/api/admin/mails/${failedLink.items[0]!.id}/retry`)).status).toBe(409);

    // A mail without a secret (as a graft request to a bank) fails the same way and can be sent again.
    const mailer = createMailer(app.server.config, { now: () => new Date() });
    const id = await mailer.enqueue(app.server.database.db, {
      kind: 'request',
      to: bounce.email,
      subject: 'Request for graft with LOT X-1 via GraftMatch',
      text: 'Request',
      html: '<p>Request</p>',
    });
    await pollUntil(
      () => app.server.database.db.selectFrom('mailOutbox').select('state').where('id', '=', id).executeTakeFirst(),
      (row) => row?.state === 'failed',
    );
    expect((await auditor.post(`/api/admin/mails/${id}/retry`)).status).toBe(403);

    sink.answer = () => 'accept';
    const retried = await admin.post(`/api/admin/mails/${id}/retry`);
    expect(retried.status).toBe(200);
    expect(((await retried.json()) as OutboxMail).state).toBe('queued');
    await outboxSettled(app.server.database.db);
    const [row] = await app.server.database.db
      .selectFrom('mailOutbox')
      .select(['state', 'messageId'])
      .where('id', '=', id)
      .execute();
    expect(row!.state).toBe('sent');
    expect(sink.countOf(row!.messageId)).toBe(1);
    expect((await admin.post(`/api/admin/mails/${id}/retry`)).status).toBe(409);
    const audit = await app.server.database.db
      .selectFrom('auditLog')
      .select('targetId')
      .where('action', '=', 'mail.retry')
      .execute();
    expect(audit).toEqual([{ targetId: id }]);
  });

  it('the PIN screen learns that the mail server refused the PIN mail', async () => {
    const user = await createTestUser(app.server, { twoFactorTarget: 'nobody@clinic.example' });
    sink.answer = ({ to }) => (to === 'nobody@clinic.example' ? { code: 550, message: 'No such mailbox' } : 'accept');
    const client = new TestClient(app.server.baseUrl);
    const login = await client.get('/api/auth/login', {
      headers: { authorization: basicAuth(user.email, TEST_PASSWORD) },
    });
    expect(login.status).toBe(200);
    expect(await pinMailOutcome(client, login)).toBe('failed');
    expect(
      (await client.get('/api/auth/twofactor/status', { headers: { authorization: 'Bearer nonsense' } })).status,
    ).toBe(401);
  });
});

describe.each([
  ['never greets', startSilentServer],
  ['stalls after DATA', startStallingServer],
])(`with a mail server that %s, nothing waits for it (${testEngineName()})`, (_name, startPeer) => {
  let peer: Awaited<ReturnType<typeof startPeer>>;
  let app: SeededApp;

  beforeAll(async () => {
    peer = await startPeer();
    app = await startSeededApp({
      config: { smtpUrl: peer.url, smtpGreetingTimeoutSeconds: WAIT_SECONDS, smtpSocketTimeoutSeconds: WAIT_SECONDS },
      deps: { mailTimings: fast },
    });
  }, 120_000);
  afterAll(async () => {
    await app?.server.close();
    await peer?.close();
  });

  it('a login and a graft request answer without waiting for it; the PIN screen learns the mail was not taken', async () => {
    const client = new TestClient(app.server.baseUrl);
    const started = Date.now();
    const login = await client.get('/api/auth/login', {
      headers: { authorization: basicAuth(DEMO.physicianB, TEST_PASSWORD) },
    });
    expect(login.status).toBe(200);
    const loginMs = Date.now() - started;

    const lot = await freeGraftOfX(app);
    const requestStarted = Date.now();
    const request = await app.clients.physicianA.post('/api/physician/requests', { lot, patient_Code: 'A-03-2021' });
    expect(request.status).toBe(201);
    const requestMs = Date.now() - requestStarted;
    // Waiting for this mail server would take the whole timeout; under 1 s on an idle machine.
    expect(Math.max(loginMs, requestMs), `login ${loginMs} ms, request ${requestMs} ms`).toBeLessThan(
      (WAIT_SECONDS * 1000) / 2,
    );

    expect(await pinMailOutcome(client, login)).toBe('failed');
  });
});
