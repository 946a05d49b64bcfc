import { randomUUID } from 'node:crypto';
import { shiftDate, type BankReminderSettings } from '@graftmatch/domain';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEMO, expectProblem, graftRow, startSeededApp, today, type SeededApp } from '../../../test/support/clinical';
import { testClock, thisMorning } from '../../../test/support/clock';
import { testEngineName } from '../../../test/support/database';
import { pollUntil } from '../../../test/support/mail';
import { connectPush } from '../../../test/support/push';

// A bank's reminder thresholds and hours (docs/decisions.md "Reminders"): an admin sets them,
// auditors read them, and the running server's expiry job follows them, by mail and push (the
// request job follows the hours: reminders.response-hours.int.test.ts).

describe(`a bank's reminder thresholds (${testEngineName()})`, () => {
  const clock = testClock(thisMorning());
  let app: SeededApp;

  beforeAll(async () => {
    app = await startSeededApp({ deps: { now: clock.now, schedulerTickMs: 100 } });
    await app.server.database.db.updateTable('users').set({ language: 'en' }).execute();
  }, 120_000);
  afterAll(async () => {
    await app?.server.close();
  });

  const path = () => `/api/admin/eutes/${app.ids.euteX}/reminders`;

  test('admins set them, auditors read them, nonsense is refused', async () => {
    const { admin, auditor, employeeX, physicianA } = app.clients;
    expect(await (await auditor.get(path())).json()).toEqual({
      id: app.ids.euteX,
      expiryReminderDays: [90, 30, 7],
      importSilenceDays: 7,
      unansweredRequestHours: { remind: 4, escalate: 24 },
    });
    // Without hours the bank keeps its own, here the defaults.
    const set = await admin.patch(path(), { expiryReminderDays: [14, 60], importSilenceDays: 3 });
    expect(set.status).toBe(200);
    const saved: BankReminderSettings = {
      id: app.ids.euteX,
      expiryReminderDays: [60, 14],
      importSilenceDays: 3,
      unansweredRequestHours: { remind: 4, escalate: 24 },
    };
    expect(await set.json()).toEqual(saved);
    expect(await (await admin.get(path())).json()).toEqual(saved);
    const kept = { expiryReminderDays: [60, 14], importSilenceDays: 3 };
    const body = { ...kept, unansweredRequestHours: { remind: 2, escalate: 8 } };
    const withHours: BankReminderSettings = { id: app.ids.euteX, ...body };
    expect(await (await admin.patch(path(), body)).json()).toEqual(withHours);
    expect(await (await admin.patch(path(), kept)).json()).toEqual(withHours);

    for (const wrong of [
      { expiryReminderDays: [], importSilenceDays: 3 },
      { expiryReminderDays: [0], importSilenceDays: 3 },
      { expiryReminderDays: [30, 30], importSilenceDays: 3 },
      { expiryReminderDays: [30], importSilenceDays: 0 },
      { expiryReminderDays: [31] },
      { expiryReminderDays: [1.5], importSilenceDays: 3 },
    ]) {
      await expectProblem(await admin.patch(path(), wrong), 400);
    }
    // Each refusal of the hours names the field.
    for (const [hours, field] of [
      [{ remind: 8, escalate: 8 }, 'unansweredRequestHours.escalate'],
      [{ remind: 8, escalate: 2 }, 'unansweredRequestHours.escalate'],
      [{ remind: 0, escalate: 2 }, 'unansweredRequestHours.remind'],
      [{ remind: 1, escalate: 169 }, 'unansweredRequestHours.escalate'],
      [{ remind: 1.5, escalate: 8 }, 'unansweredRequestHours.remind'],
      [{ remind: 2 }, 'unansweredRequestHours.escalate'],
      [null, 'unansweredRequestHours'],
    ] as const) {
      const problem = await expectProblem(await admin.patch(path(), { ...body, unansweredRequestHours: hours }), 400);
      expect(problem.errors?.map((error) => error.field)).toEqual([field]);
    }
    const refused = await expectProblem(
      await admin.patch(path(), { ...body, unansweredRequestHours: { remind: 8, escalate: 8 } }),
      400,
    );
    expect(refused.errors?.[0]?.message).toBe('must be more hours than the first reminder');

    // Only admins change them; auditors read them; the bank's own employees and physicians neither.
    for (const client of [auditor, employeeX, physicianA]) {
      await expectProblem(await client.patch(path(), body), 403);
    }
    for (const client of [employeeX, physicianA]) {
      await expectProblem(await client.get(path()), 403);
    }
    await expectProblem(await admin.get(`/api/admin/eutes/${randomUUID()}/reminders`), 404);
    expect(await (await admin.get(path())).json()).toEqual(withHours);

    const audits = await app.server.database.db
      .selectFrom('auditLog')
      .select(['actorUserId', 'after'])
      .where('action', '=', 'eute.reminders')
      .orderBy('seq')
      .execute();
    const audited = (settings: BankReminderSettings) => ({
      actorUserId: app.ids.users.admin,
      after: JSON.stringify(settings).replace(/"id":"[^"]+",/, ''),
    });
    expect(audits).toEqual([audited(saved), audited(withHours), audited(withHours)]);
  });

  test("the expiry job follows the bank's thresholds", async () => {
    const lots = { in50: `S50-${randomUUID().slice(0, 6)}`, in75: `S75-${randomUUID().slice(0, 6)}` };
    for (const [lot, days] of [
      [lots.in50, 50],
      [lots.in75, 75],
    ] as const) {
      await app.server.database.db
        .insertInto('grafts')
        .values(
          graftRow(app.ids.euteX, {
            eLot: lot,
            expiryOut: shiftDate(today(), days),
            expiryDate: shiftDate(today(), days),
          }),
        )
        .execute();
    }
    const pushX = await connectPush(app.clients.employeeX);
    // The expiry job runs hourly; the server's scheduler takes it up once the clock has passed its time.
    clock.advanceMinutes(61);
    const pushed = await pushX.next('reminder', (message) =>
      message.args[0].some((reminder) => reminder.subject === lots.in50),
    );
    await pushX.connection.stop();
    expect(pushed.args[0].find((reminder) => reminder.subject === lots.in50)).toEqual({
      kind: 'graft-expiring',
      subject: lots.in50,
      path: `/home/eute/donation/${lots.in50}`,
    });
    expect(pushed.args[0].some((reminder) => reminder.subject === lots.in75)).toBe(false);
    const mails = () =>
      app.server.database.db
        .selectFrom('mailOutbox')
        .select('textBody')
        .where('kind', '=', 'reminder')
        .where('recipient', '=', DEMO.employeeX)
        .execute();
    const sent = await pollUntil(mails, (rows) =>
      rows.some((row) => row.textBody.includes(`Graft ${lots.in50} expires`)),
    );
    const fifty = sent.filter((row) => row.textBody.includes(`Graft ${lots.in50} expires`));
    expect(fifty).toHaveLength(1);
    expect(fifty[0]?.textBody).toContain('(in 50 days)');
    // 75 days is inside the default 90 but outside this bank's 60.
    expect(sent.some((row) => row.textBody.includes(lots.in75))).toBe(false);
  });
});
