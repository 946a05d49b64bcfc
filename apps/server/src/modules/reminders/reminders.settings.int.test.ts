import { randomUUID } from 'node:crypto';
import { shiftDate, type BankReminderSettings } from '@graftmatch/domain';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEMO, expectProblem, graftRow, startSeededApp, today, type SeededApp } from '../../../test/support/clinical';
import { testClock } from '../../../test/support/clock';
import { testEngineName } from '../../../test/support/database';
import { pollUntil } from '../../../test/support/mail';
import { connectPush } from '../../../test/support/push';

// A bank's reminder thresholds (docs/decisions.md "Reminders"): an admin sets them, auditors read
// them, and the running server's expiry job follows them, by mail and push.

describe(`a bank's reminder thresholds (${testEngineName()})`, () => {
  const clock = testClock();
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
    const { admin, auditor, employeeX } = app.clients;
    expect(await (await auditor.get(path())).json()).toEqual({
      id: app.ids.euteX,
      expiryReminderDays: [90, 30, 7],
      importSilenceDays: 7,
    });
    const set = await admin.patch(path(), { expiryReminderDays: [14, 60], importSilenceDays: 3 });
    expect(set.status).toBe(200);
    const saved: BankReminderSettings = { id: app.ids.euteX, expiryReminderDays: [60, 14], importSilenceDays: 3 };
    expect(await set.json()).toEqual(saved);
    expect(await (await admin.get(path())).json()).toEqual(saved);

    for (const body of [
      { expiryReminderDays: [], importSilenceDays: 3 },
      { expiryReminderDays: [0], importSilenceDays: 3 },
      { expiryReminderDays: [30, 30], importSilenceDays: 3 },
      { expiryReminderDays: [30], importSilenceDays: 0 },
      { expiryReminderDays: [31] },
      { expiryReminderDays: [1.5], importSilenceDays: 3 },
    ]) {
      await expectProblem(await admin.patch(path(), body), 400);
    }
    await expectProblem(await auditor.patch(path(), { expiryReminderDays: [30], importSilenceDays: 3 }), 403);
    await expectProblem(await employeeX.get(path()), 403);
    await expectProblem(await admin.get(`/api/admin/eutes/${randomUUID()}/reminders`), 404);
    expect(await (await admin.get(path())).json()).toEqual(saved);

    const audits = await app.server.database.db
      .selectFrom('auditLog')
      .select(['actorUserId', 'after'])
      .where('action', '=', 'eute.reminders')
      .execute();
    expect(audits).toEqual([
      { actorUserId: app.ids.users.admin, after: JSON.stringify(saved).replace(/"id":"[^"]+",/, '') },
    ]);
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
