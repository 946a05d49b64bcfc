import { randomUUID } from 'node:crypto';
import { shiftDate } from '@graftmatch/domain';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createDatabase, type Database } from '../../db/database';
import { startAndStop } from '../../../test/support/app';
import { DEMO, graftRow, startSeededApp, today, type SeededApp } from '../../../test/support/clinical';
import { testClock } from '../../../test/support/clock';
import { testEngineName } from '../../../test/support/database';
import { freeGraftOfX, requestGraft } from '../../../test/support/requests';

// A bank's hours for unanswered requests (docs/decisions.md "Reminders"): bank Y, set to 1 h and
// 2 h, is reminded and escalated at those; bank X keeps 4 h and 24 h. The clock moves while no
// server runs; each start runs the due jobs, and a second start at the same moment sends nothing.

describe(`each bank's hours for unanswered requests (${testEngineName()})`, () => {
  const clock = testClock();
  let app: SeededApp;
  let database: Database;
  const lots = { x: '', y: '' };
  const requestOfY = { id: '' };

  beforeAll(async () => {
    app = await startSeededApp({ deps: { now: clock.now } });
    const db = app.server.database.db;
    // The texts below are the English ones.
    await db.updateTable('users').set({ language: 'en' }).execute();
    const { admin, physicianA } = app.clients;
    const path = `/api/admin/eutes/${app.ids.euteY}/reminders`;
    const { id: _id, ...settings } = (await (await admin.get(path)).json()) as Record<string, unknown>;
    const set = await admin.patch(path, { ...settings, unansweredRequestHours: { remind: 1, escalate: 2 } });
    expect(set.status).toBe(200);

    lots.x = await freeGraftOfX(app);
    lots.y = `RY-${randomUUID().slice(0, 8)}`;
    const expiry = shiftDate(today(), 365);
    await db
      .insertInto('grafts')
      .values(graftRow(app.ids.euteY, { eLot: lots.y, tDproximal: 20.5, expiryOut: expiry, expiryDate: expiry }))
      .execute();
    await requestGraft(physicianA, { lot: lots.x, patient_Code: 'H-01-2020' });
    requestOfY.id = (await requestGraft(physicianA, { lot: lots.y, patient_Code: 'H-02-2020' })).id;
    await app.server.app.close();
    database = createDatabase(app.server.target);
  }, 120_000);
  afterAll(async () => {
    await database?.close();
    await app?.server.close();
  });

  /** Reminder mails to `email` whose text holds `fragment`. */
  async function reminders(email: string, fragment: string): Promise<number> {
    const rows = await database.db
      .selectFrom('mailOutbox')
      .select('textBody')
      .where('kind', '=', 'reminder')
      .where('recipient', '=', email)
      .execute();
    return rows.filter((row) => row.textBody.includes(fragment)).length;
  }

  async function counts() {
    return {
      x4: await reminders(DEMO.employeeX, `${lots.x} has waited 4 hours`),
      x24: await reminders(DEMO.employeeX, `${lots.x} has waited 24 hours`),
      y1: await reminders(DEMO.employeeY, `${lots.y} has waited 1 hour for`),
      y2: await reminders(DEMO.employeeY, `${lots.y} has waited 2 hours`),
      // Each bank hears only of its own requests.
      crossed: (await reminders(DEMO.employeeX, lots.y)) + (await reminders(DEMO.employeeY, lots.x)),
    };
  }
  type Counts = Awaited<ReturnType<typeof counts>>;

  let movedHours = 0;
  async function at(hours: number): Promise<Counts> {
    clock.advanceMinutes((hours - movedHours) * 60);
    movedHours = hours;
    await startAndStop(app.server.config, database, clock.now);
    const after = await counts();
    await startAndStop(app.server.config, database, clock.now);
    expect(await counts()).toEqual(after);
    return after;
  }

  test('bank Y is reminded after 1 h and escalated after 2 h; bank X after 4 h and 24 h', async () => {
    const none: Counts = { x4: 0, x24: 0, y1: 0, y2: 0, crossed: 0 };
    expect(await at(0.5)).toEqual(none);
    expect(await at(1.1)).toEqual({ ...none, y1: 1 });
    expect(await at(2.1)).toEqual({ ...none, y1: 1, y2: 1 });
    expect(await at(3.9)).toEqual({ ...none, y1: 1, y2: 1 });
    expect(await at(4.1)).toEqual({ ...none, y1: 1, y2: 1, x4: 1 });
    expect(await at(24.1)).toEqual({ ...none, y1: 1, y2: 1, x4: 1, x24: 1 });

    // The keys name each step as before banks had their own hours, so a change of hours repeats no step.
    await database.db
      .updateTable('eutes')
      .set({ unansweredReminderHours: 3, unansweredEscalationHours: 30 })
      .where('id', '=', app.ids.euteY)
      .execute();
    await at(30.1);
    expect(await reminders(DEMO.employeeY, lots.y)).toBe(2);
    const keys = await database.db
      .selectFrom('remindersSent')
      .select('key')
      .where('key', 'like', `request-unanswered:${requestOfY.id}:%`)
      .orderBy('key')
      .execute();
    expect(keys.map(({ key }) => key)).toEqual([
      `request-unanswered:${requestOfY.id}:24h`,
      `request-unanswered:${requestOfY.id}:4h`,
    ]);
  }, 240_000);
});
