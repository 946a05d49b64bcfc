import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basicAuth } from '../../../test/support/auth';
import { DEMO, startSeededApp, type SeededApp } from '../../../test/support/clinical';
import { TestClient } from '../../../test/support/client';
import { testEngineName } from '../../../test/support/database';
import { outboxSettled, pollUntil, startSmtpSink, type SinkMail, type SmtpSink } from '../../../test/support/mail';
import { createMailer } from '../../mail/mailer';
import { sweepOutbox } from '../../mail/outbox-retention';
import { createMailSealer } from '../../mail/sealed-body';
import { loadSigningSecret } from '../../identity/secrets';

// No secret at rest in the outbox (docs/security.md "Mail outbox"): a login PIN, a recovery link and an
// invitation link are kept sealed while they wait and emptied once sent or failed, so reading the
// table (a replica, a backup, a reporting role) gives nobody an account. Against a real SMTP peer.

const fast = { retryBaseMs: 100, pollMs: 200 };
const NEW_PASSWORD = 'a-new-and-long-password-41';

describe(`no secret at rest in the mail outbox (${testEngineName()})`, () => {
  let sink: SmtpSink;
  let app: SeededApp;

  beforeAll(async () => {
    sink = await startSmtpSink();
    app = await startSeededApp({ config: { smtpUrl: sink.url }, deps: { mailTimings: fast } });
  }, 120_000);
  afterAll(async () => {
    await app?.server.close();
    await sink?.close();
  });

  /** Every text cell of every outbox row: what a reader of the table sees. */
  async function outboxCells(): Promise<string[]> {
    const { rows } = await sql<Record<string, unknown>>`select * from mail_outbox`.execute(app.server.database.db);
    return rows.flatMap((row) => Object.values(row).filter((value): value is string => typeof value === 'string'));
  }

  const rowsOfKinds = (kinds: string[]) =>
    app.server.database.db
      .selectFrom('mailOutbox')
      .select(['id', 'kind', 'state', 'attempts', 'textBody', 'htmlBody'])
      .where('kind', 'in', kinds)
      .execute();

  it(
    'First the mail server refuses: a recovery link, an invitation link and a login PIN wait sealed; once accepted, ' +
      'no text column of mail_outbox ever held one of them, their bodies are empty, and each still works',
    { timeout: 60_000 },
    async () => {
      // The seeded clients' PIN mails are delivered before their rows are marked sent: wait for that.
      await outboxSettled(app.server.database.db);
      const anonymous = new TestClient(app.server.baseUrl);
      await anonymous.get('/api/health');
      const invited = `invited-${randomUUID().slice(0, 8)}@clinic.example`;
      sink.answer = () => ({ code: 451, message: 'Try again later' });
      const since = sink.mails.length;
      const newMailTo = (to: string) => (mail: SinkMail) => sink.mails.indexOf(mail) >= since && mail.to.includes(to);

      expect((await anonymous.post('/api/auth/recoveryrequest', { email: DEMO.physicianB })).status).toBe(204);
      const added = await app.clients.admin.post('/api/admin/users/add', {
        email: invited,
        firstName: 'Ina',
        lastName: 'Invited',
        clinics: [{ id: app.ids.clinicA }],
      });
      expect(added.status, await added.clone().text()).toBe(201);
      const login = await anonymous.get('/api/auth/login', {
        headers: { authorization: basicAuth(DEMO.physicianA, 'demo-graftmatch') },
      });
      expect(login.status).toBe(200);
      const { twoFactor_Token, twoFactorId } = (await login.json()) as { twoFactor_Token: string; twoFactorId: string };

      // Each was tried and refused, and waits for its next attempt with its body sealed.
      const waiting = (
        await pollUntil(
          () => rowsOfKinds(['recovery', 'invitation', 'pin']),
          (rows) => rows.filter((row) => row.state === 'queued' && row.attempts >= 1).length === 3,
        )
      ).filter((row) => row.state === 'queued');
      expect(waiting.map((row) => row.kind).sort()).toEqual(['invitation', 'pin', 'recovery']);
      for (const row of waiting) {
        expect(row.textBody).toMatch(/^sealed:v1:/);
        expect(row.htmlBody).toMatch(/^sealed:v1:/);
      }
      const whileWaiting = await outboxCells();

      sink.answer = () => 'accept';
      const recoveryMail = await sink.waitFor(newMailTo(DEMO.physicianB));
      const invitationMail = await sink.waitFor(newMailTo(invited));
      const pinMail = await sink.waitFor(newMailTo(DEMO.physicianA));
      const recoveryToken = /\/recover\/([A-Za-z0-9_-]+)/.exec(recoveryMail.text)?.[1] ?? '';
      const invitationToken = /\/recover\/([A-Za-z0-9_-]+)/.exec(invitationMail.text)?.[1] ?? '';
      const pin = /\b(\d{6})\b/.exec(pinMail.text)?.[1] ?? '';
      expect([recoveryToken.length, invitationToken.length, pin.length]).toEqual([43, 43, 6]);

      const sent = await pollUntil(
        async () =>
          (await rowsOfKinds(['recovery', 'invitation', 'pin'])).filter((row) => waiting.some((w) => w.id === row.id)),
        (rows) => rows.every((row) => row.state === 'sent'),
      );
      for (const row of sent) {
        expect([row.textBody, row.htmlBody], `the ${row.kind} mail's body once sent`).toEqual(['', '']);
      }
      for (const cells of [whileWaiting, await outboxCells()]) {
        for (const secret of [recoveryToken, invitationToken, pin]) {
          expect(cells.filter((cell) => cell.includes(secret))).toEqual([]);
        }
      }

      // The mails carried working secrets: the PIN finishes the login, each link sets a password once.
      const finished = await anonymous.post(
        '/api/auth/twofactor',
        { passwordid: twoFactorId, password: pin },
        { headers: { authorization: `Bearer ${twoFactor_Token}` } },
      );
      expect(finished.status, await finished.clone().text()).toBe(200);
      for (const token of [recoveryToken, invitationToken]) {
        expect((await anonymous.post(`/api/auth/recovery/${token}`, { password: NEW_PASSWORD })).status).toBe(204);
      }
    },
  );

  it('Then a PIN mail whose time ran out unsent is failed with its body emptied and cannot be sent again; 30 days later the sent mails are deleted, the failed ones kept', async () => {
    const { config, database } = app.server;
    const sealer = createMailSealer(loadSigningSecret(config, { warn: () => undefined }));
    const queuedAt = new Date(Date.now() - 60 * 60_000);
    const mailer = createMailer(config, { now: () => queuedAt, sealer });
    // Not due before next year, so no worker sends it: as if no server had run during its 10 minutes.
    const id = await database.db.transaction().execute(async (trx) => {
      const queued = await mailer.enqueue(trx, {
        kind: 'pin',
        to: 'late@clinic.example',
        subject: 'Your GraftMatch login PIN',
        text: 'PIN 314159',
        html: '<p>PIN 314159</p>',
      });
      await trx
        .updateTable('mailOutbox')
        .set({ nextAttemptAt: new Date(Date.now() + 365 * 86_400_000).toISOString() })
        .where('id', '=', queued)
        .execute();
      return queued;
    });
    expect((await outboxCells()).some((cell) => cell.includes('314159'))).toBe(false);

    expect(await sweepOutbox({ db: database.db, now: () => new Date(), retentionDays: 30 })).toEqual({
      expired: 1,
      deleted: 0,
    });
    const expired = await database.db
      .selectFrom('mailOutbox')
      .select(['state', 'textBody', 'htmlBody', 'lastError'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(expired).toEqual({
      state: 'failed',
      textBody: '',
      htmlBody: '',
      lastError: 'not sent before its PIN or link expired',
    });
    const retried = await app.clients.admin.post(`/api/admin/mails/${id}/retry`, {});
    expect(retried.status).toBe(409);
    expect(((await retried.json()) as { detail: string }).detail).toMatch(/cannot be sent again/);

    const states = async () =>
      (await database.db.selectFrom('mailOutbox').select('state').execute()).map((row) => row.state);
    expect((await states()).filter((state) => state === 'sent').length).toBeGreaterThan(3);
    const failedBefore = (await states()).filter((state) => state === 'failed').length;
    const later = new Date(Date.now() + 31 * 86_400_000);
    const { deleted } = await sweepOutbox({ db: database.db, now: () => later, retentionDays: 30 });
    expect(deleted).toBeGreaterThan(3);
    expect((await states()).filter((state) => state === 'sent')).toEqual([]);
    expect((await states()).filter((state) => state === 'failed')).toHaveLength(failedBefore);
  });
});
