import { formatInstantInZone, type VigilanceReport } from '@graftmatch/domain';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createDatabase, type Database } from '../../db/database';
import { DEMO, startSeededApp, type SeededApp } from '../../../test/support/clinical';
import { startAndStop } from '../../../test/support/app';
import { testClock } from '../../../test/support/clock';
import { testEngineName } from '../../../test/support/database';
import { freeGraftOfX } from '../../../test/support/requests';

// The deadlines of a vigilance report (docs/decisions.md "Vigilance"): the clock moves across 2 h
// before and past each deadline while no server runs; each start runs the due jobs; each reminder
// goes out once, by mail, notification and push, and a second start at the same moment sends nothing.
// Each names its deadline in the bank's zone.

describe(`vigilance reminders across restarts, each exactly once (${testEngineName()})`, () => {
  const clock = testClock();
  let app: SeededApp;
  let database: Database;
  let report: VigilanceReport;

  beforeAll(async () => {
    app = await startSeededApp({ deps: { now: clock.now } });
    await app.server.database.db.updateTable('users').set({ language: 'en' }).execute();
    const lot = await freeGraftOfX(app);
    const answer = await app.clients.employeeX.post('/api/vigilance/reports', {
      kind: 'SAE',
      lot,
      description: 'Freezer alarm during storage.',
    });
    expect(answer.status).toBe(201);
    report = (await answer.json()) as VigilanceReport;
    await app.server.app.close();
    database = createDatabase(app.server.target);
  }, 120_000);
  afterAll(async () => {
    await database?.close();
    await app?.server.close();
  });

  // The story spans the 90-day confirmation; the outbox sweep would delete the first reminders (its own test covers that).
  const restart = () => startAndStop({ ...app.server.config, mailRetentionDays: 365 }, database, clock.now);

  async function counts() {
    const mails = await database.db
      .selectFrom('mailOutbox')
      .select('textBody')
      .where('kind', '=', 'reminder')
      .where('recipient', '=', DEMO.employeeX)
      .execute();
    const count = (...fragments: string[]) =>
      mails.filter((mail) => fragments.every((fragment) => mail.textBody.includes(fragment))).length;
    const notifications = await database.db
      .selectFrom('notifications')
      .select('payload')
      .where('userId', '=', app.ids.users.employeeX)
      .where('kind', '=', 'reminder')
      .execute();
    // The deadline is named in the bank's zone (the demo bank's is Europe/Berlin), as the app shows it there.
    const due = (deadline: string) => `due at ${formatInstantInZone(deadline, 'Europe/Berlin', 'en')}`;
    return {
      notificationBefore: count('notification (part A)', 'is due at', due(report.notificationDeadline)),
      notificationDue: count('notification (part A)', 'is overdue'),
      confirmationBefore: count('confirmation (part B)', 'is due at', due(report.confirmationDeadline)),
      confirmationDue: count('confirmation (part B)', 'is overdue'),
      centre: notifications.filter((row) => row.payload.includes(report.lot)).length,
    };
  }

  let movedHours = 0;
  async function at(hours: number) {
    clock.advanceMinutes((hours - movedHours) * 60);
    movedHours = hours;
    await restart();
    const after = await counts();
    await restart();
    expect(await counts()).toEqual(after);
    return after;
  }

  test('2 hours before each deadline and once it has passed, each once', async () => {
    const none = { notificationBefore: 0, notificationDue: 0, confirmationBefore: 0, confirmationDue: 0, centre: 0 };
    expect(await at(21.5)).toEqual(none);
    expect(await at(22.5)).toEqual({ ...none, notificationBefore: 1, centre: 1 });
    expect(await at(24.5)).toEqual({ ...none, notificationBefore: 1, notificationDue: 1, centre: 2 });
    expect(await at(30)).toEqual({ ...none, notificationBefore: 1, notificationDue: 1, centre: 2 });

    // Part A submitted: now the confirmation's clock runs (90 days from discovery).
    await database.db
      .updateTable('vigilanceReports')
      .set({ state: 'notified', notifiedAt: clock.now().toISOString() })
      .where('id', '=', report.id)
      .execute();
    const sent = { notificationBefore: 1, notificationDue: 1 };
    expect(await at(90 * 24 - 3)).toEqual({ ...none, ...sent, centre: 2 });
    expect(await at(90 * 24 - 1)).toEqual({ ...none, ...sent, confirmationBefore: 1, centre: 3 });
    expect(await at(90 * 24 + 1)).toEqual({ ...none, ...sent, confirmationBefore: 1, confirmationDue: 1, centre: 4 });
  }, 240_000);
});
