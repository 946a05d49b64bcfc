import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { Eute, VigilanceReport } from '@graftmatch/domain';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  expectProblem,
  listedLots,
  startSeededApp,
  type SeededApp,
  clinicalToday,
} from '../../../test/support/clinical';
import { testEngineName } from '../../../test/support/database';
import { pollUntil, startSmtpSink, type SmtpSink } from '../../../test/support/mail';
import { pdfText } from '../../../test/support/pdf';

// A bank's vigilance settings (docs/decisions.md "Vigilance"): admins set its deadlines and its
// competent authority's address on the bank, auditors read them; a new report of the bank is due
// by them, and each submitted part reaches the authority's real mailbox with its PDF attached.

const HOUR_MS = 3_600_000;
const AUTHORITY = 'vigilance@authority.example';

describe(`vigilance settings per bank (${testEngineName()})`, () => {
  let sink: SmtpSink;
  let app: SeededApp;
  let lotX = '';
  let lotY = '';

  beforeAll(async () => {
    sink = await startSmtpSink();
    app = await startSeededApp({
      config: { smtpUrl: sink.url },
      deps: { mailTimings: { retryBaseMs: 100, pollMs: 200 } },
    });
    const lotOf = async (euteId: string) => (await listedLots(app, euteId, 1))[0] as string;
    lotX = await lotOf(app.ids.euteX);
    lotY = await lotOf(app.ids.euteY);
  }, 120_000);
  afterAll(async () => {
    await app?.server.close();
    await sink?.close();
  });

  const bankPath = () => `/api/admin/eutes/${app.ids.euteX}`;

  test('a bank starts with 24 hours, 90 days and no authority; auditors read them', async () => {
    const answer = await app.clients.auditor.get(bankPath());
    expect(answer.status).toBe(200);
    expect((await answer.json()) as Eute).toMatchObject({
      vigilanceNotificationHours: 24,
      vigilanceConfirmationDays: 90,
      competentAuthorityEmail: null,
    });
  });

  test('only admins change them, within bounds', async () => {
    for (const role of ['auditor', 'employeeX', 'physicianA'] as const) {
      await expectProblem(await app.clients[role].patch(bankPath(), { vigilanceNotificationHours: 12 }), 403);
    }
    await expectProblem(await app.clients.anonymous.patch(bankPath(), { vigilanceNotificationHours: 12 }), 401);
    for (const body of [
      { vigilanceNotificationHours: 0 },
      { vigilanceNotificationHours: 169 },
      { vigilanceNotificationHours: 1.5 },
      { vigilanceNotificationHours: '12' },
      { vigilanceConfirmationDays: 0 },
      { vigilanceConfirmationDays: 366 },
      { competentAuthorityEmail: 'not an address' },
    ]) {
      await expectProblem(await app.clients.admin.patch(bankPath(), body), 400);
    }
    const bank = (await (await app.clients.admin.get(bankPath())).json()) as Eute;
    expect(bank.vigilanceNotificationHours).toBe(24);
  });

  test('a bank with 12 hours and 30 days gets reports due by them; another bank keeps the defaults', async () => {
    const saved = await app.clients.admin.patch(bankPath(), {
      vigilanceNotificationHours: 12,
      vigilanceConfirmationDays: 30,
      competentAuthorityEmail: AUTHORITY,
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
    expect((await saved.json()) as Eute).toMatchObject({
      vigilanceNotificationHours: 12,
      vigilanceConfirmationDays: 30,
      competentAuthorityEmail: AUTHORITY,
    });
    const audit = await app.server.database.db
      .selectFrom('auditLog')
      .select('after')
      .where('action', '=', 'eute.update')
      .where('targetId', '=', app.ids.euteX)
      .execute();
    expect(audit.map((row) => String(row.after)).join()).toContain(AUTHORITY);

    const discoveredAt = new Date(Date.now() - HOUR_MS).toISOString();
    const created = await app.clients.employeeX.post('/api/vigilance/reports', {
      lot: lotX,
      kind: 'SAE',
      discoveredAt,
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const report = (await created.json()) as VigilanceReport;
    expect(Date.parse(report.notificationDeadline) - Date.parse(discoveredAt)).toBe(12 * HOUR_MS);
    expect(Date.parse(report.confirmationDeadline) - Date.parse(discoveredAt)).toBe(30 * 24 * HOUR_MS);

    const other = await app.clients.employeeY.post('/api/vigilance/reports', { lot: lotY, kind: 'SAE', discoveredAt });
    expect(other.status).toBe(201);
    const otherReport = (await other.json()) as VigilanceReport;
    expect(Date.parse(otherReport.notificationDeadline) - Date.parse(discoveredAt)).toBe(24 * HOUR_MS);
  });

  test('the submitted notification reaches the authority, in German for a German bank, with its PDF', async () => {
    const { employeeX } = app.clients;
    const list = (await (await employeeX.get('/api/vigilance/reports?state=draft')).json()) as {
      items: VigilanceReport[];
    };
    const report = list.items.find((item) => item.lot === lotX)!;
    const patched = await employeeX.patch(`/api/vigilance/reports/${report.id}`, {
      saeNotification: {
        eventDate: clinicalToday(),
        deviations: [{ stage: 'storage', cause: 'equipment-failure' }],
        description: 'Freezer alarm missed for six hours.',
      },
    });
    expect(patched.status, await patched.clone().text()).toBe(200);
    const submitted = await employeeX.post(`/api/vigilance/reports/${report.id}/submit-notification`, {});
    expect(submitted.status, await submitted.clone().text()).toBe(200);
    const reference = report.sae!.notification.reportIdentification;

    const mail = await sink.waitFor((item) => item.to === AUTHORITY);
    expect(mail.subject).toContain(reference);
    expect(mail.subject).toContain(lotX);
    expect(mail.subject).toContain('Meldung');
    expect(mail.text).toContain(lotX);
    expect(mail.attachments).toHaveLength(1);
    const [pdf] = mail.attachments;
    expect(pdf!.contentType).toBe('application/pdf');
    expect(pdf!.filename).toMatch(/_part_A\.pdf$/);
    expect(await pdfText(pdf!.content)).toContain(reference);
    // The outbox row holds the file's key, never its bytes.
    const row = await app.server.database.db
      .selectFrom('mailOutbox')
      .select(['attachments', 'state', 'kind'])
      .where('recipient', '=', AUTHORITY)
      .executeTakeFirstOrThrow();
    expect(row.kind).toBe('authority');
    expect(JSON.parse(row.attachments ?? '[]')).toEqual([
      {
        fileName: pdf!.filename,
        contentType: 'application/pdf',
        storageKey: expect.stringMatching(/^vigilanceReports\//),
      },
    ]);
  });

  test('a refused mail is tried again; once its PDF is gone from the store it fails for good', async () => {
    const { employeeX } = app.clients;
    const db = app.server.database.db;
    const report = (
      (await (await employeeX.get('/api/vigilance/reports?state=notified')).json()) as { items: VigilanceReport[] }
    ).items.find((item) => item.lot === lotX)!;
    sink.answer = (mail) => (mail.to === AUTHORITY ? { code: 451, message: 'Try again later' } : 'accept');
    await employeeX.patch(`/api/vigilance/reports/${report.id}`, {
      saeConfirmation: { rootCauseAnalysis: 'Alarm relay failed.', correctiveMeasures: 'Relay replaced.' },
    });
    expect((await employeeX.post(`/api/vigilance/reports/${report.id}/confirm`, {})).status).toBe(200);
    const confirmation = () =>
      db
        .selectFrom('mailOutbox')
        .select(['state', 'attempts', 'lastError', 'attachments', 'subject'])
        .where('recipient', '=', AUTHORITY)
        .where('subject', 'like', '%Bestätigung%')
        .executeTakeFirstOrThrow();
    await pollUntil(confirmation, (row) => row.attempts >= 1 && (row.lastError ?? '').includes('Try again'));
    const [attachment] = JSON.parse((await confirmation()).attachments ?? '[]') as { storageKey: string }[];
    await rm(path.join(app.server.config.dataDir, 'files', attachment!.storageKey));
    // Still refused: only the missing file can fail it, which is found before the mail server is asked.
    const failed = await pollUntil(confirmation, (row) => row.state === 'failed');
    sink.answer = () => 'accept';
    expect(failed.lastError).toContain('no longer stored');
    expect(sink.mails.filter((mail) => mail.subject === failed.subject)).toEqual([]);
  });

  test('a bank without an authority mails nobody; admins clear the address with null', async () => {
    const cleared = await app.clients.admin.patch(bankPath(), { competentAuthorityEmail: null });
    expect(cleared.status).toBe(200);
    expect(((await cleared.json()) as Eute).competentAuthorityEmail).toBeNull();
    const { employeeY } = app.clients;
    const list = (await (await employeeY.get('/api/vigilance/reports?state=draft')).json()) as {
      items: VigilanceReport[];
    };
    const report = list.items.find((item) => item.lot === lotY)!;
    await employeeY.patch(`/api/vigilance/reports/${report.id}`, {
      saeNotification: {
        eventDate: clinicalToday(),
        deviations: [{ stage: 'transport', cause: 'human-error' }],
        description: 'Shipped without dry ice.',
      },
    });
    expect((await employeeY.post(`/api/vigilance/reports/${report.id}/submit-notification`, {})).status).toBe(200);
    const queued = await app.server.database.db
      .selectFrom('mailOutbox')
      .select('subject')
      .where('kind', '=', 'authority')
      .execute();
    expect(queued.map((mail) => mail.subject).filter((subject) => subject.includes(lotY))).toEqual([]);
    expect(queued).toHaveLength(2);
  });
});
